use diplomat_chess::*;
fn main() {
    let p = Position::start(SubornRule::Convert);
    println!("{p}");
    for m in p.legal_moves() {
        print!("{m} ");
    }
    println!();
    for d in 1..=5 {
        let t = std::time::Instant::now();
        let n = perft(&p, d);
        println!(
            "{d} {n} {:?} {:.1} Mnps",
            t.elapsed(),
            n as f64 / t.elapsed().as_secs_f64() / 1e6
        );
    }
}
