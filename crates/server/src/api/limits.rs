//! What keeps one client from hurting the others: a request rate per client address
//! (token buckets in memory), a time limit per request, and a body size limit (applied by
//! [`Body`], which also turns every malformed body into a JSON error).

use super::error::ApiError;
use axum::body::Bytes;
use axum::extract::{ConnectInfo, FromRequest, Request};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A token bucket per client address.
pub struct RateLimiter {
    per_s: f64,
    burst: f64,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
}

struct Bucket {
    tokens: f64,
    at: Instant,
}

/// Past this many addresses, the buckets of clients that have been idle long enough to be
/// full again are forgotten.
const MAX_CLIENTS: usize = 10_000;

impl RateLimiter {
    /// `per_s` requests a second on average, `burst` at once; `per_s <= 0`: no limit.
    pub fn new(per_s: f64, burst: f64) -> RateLimiter {
        RateLimiter {
            per_s,
            burst: burst.max(1.0),
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes one request from the client's bucket; `Err(wait)` when it is empty.
    pub fn check(&self, client: IpAddr, now: Instant) -> Result<(), Duration> {
        if self.per_s <= 0.0 {
            return Ok(());
        }
        let mut buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        if buckets.len() >= MAX_CLIENTS && !buckets.contains_key(&client) {
            let (per_s, burst) = (self.per_s, self.burst);
            buckets
                .retain(|_, b| b.tokens + now.duration_since(b.at).as_secs_f64() * per_s < burst);
            if buckets.len() >= MAX_CLIENTS {
                return Err(Duration::from_secs(1));
            }
        }
        let bucket = buckets.entry(client).or_insert(Bucket {
            tokens: self.burst,
            at: now,
        });
        let refill = now.duration_since(bucket.at).as_secs_f64() * self.per_s;
        bucket.tokens = (bucket.tokens + refill).min(self.burst);
        bucket.at = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64((1.0 - bucket.tokens) / self.per_s))
        }
    }
}

/// Middleware: 429 with `Retry-After` for a client over its rate.
pub async fn rate_limit(
    limiter: axum::extract::State<std::sync::Arc<RateLimiter>>,
    request: Request,
    next: Next,
) -> Response {
    let client = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip());
    if let Some(client) = client {
        if let Err(wait) = limiter.check(client, Instant::now()) {
            let mut response = ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "too many requests; slow down",
            )
            .into_response();
            let secs = wait.as_secs().max(1).to_string();
            if let Ok(value) = HeaderValue::from_str(&secs) {
                response.headers_mut().insert(header::RETRY_AFTER, value);
            }
            return response;
        }
    }
    next.run(request).await
}

/// Middleware: a request that takes longer than the limit is answered 503 (the event
/// streams answer at once and are not limited).
pub async fn time_limit(
    limit: axum::extract::State<Duration>,
    request: Request,
    next: Next,
) -> Response {
    match tokio::time::timeout(*limit, next.run(request)).await {
        Ok(response) => response,
        Err(_) => ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("the request took longer than {} s", limit.as_secs()),
        )
        .into_response(),
    }
}

/// A JSON body: 413 past the body limit, 400 for anything that is not the expected JSON
/// (bad syntax, wrong types, missing fields). The content type is not checked.
pub struct Body<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        let bytes = read_bytes(request, state).await?;
        parse(&bytes).map(Body)
    }
}

/// A JSON body that may be absent (empty).
pub struct MaybeBody<T>(pub Option<T>);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for MaybeBody<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        let bytes = read_bytes(request, state).await?;
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Ok(MaybeBody(None));
        }
        parse(&bytes).map(|t| MaybeBody(Some(t)))
    }
}

async fn read_bytes<S: Send + Sync>(request: Request, state: &S) -> Result<Bytes, ApiError> {
    let limit = request.extensions().get::<BodyLimit>().map(|l| l.0);
    Bytes::from_request(request, state).await.map_err(|e| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::too_large(limit.unwrap_or(0))
        } else {
            ApiError::bad_request("the body could not be read")
        }
    })
}

fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let bad = |e: serde_json::Error| {
        ApiError::bad_request(format!("the body is not the JSON expected: {e}"))
    };
    let value: serde_json::Value = serde_json::from_slice(bytes).map_err(bad)?;
    if !value.is_object() {
        return Err(ApiError::bad_request("the body is not a JSON object"));
    }
    serde_json::from_value(value).map_err(bad)
}

/// The body limit, as a request extension (for the 413 message).
#[derive(Clone, Copy)]
pub struct BodyLimit(pub usize);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_refill_at_the_rate() {
        let limiter = RateLimiter::new(10.0, 3.0);
        let ip: IpAddr = "127.0.0.1".parse().unwrap();
        let other: IpAddr = "::1".parse().unwrap();
        let t0 = Instant::now();
        for _ in 0..3 {
            assert!(limiter.check(ip, t0).is_ok());
        }
        let wait = limiter.check(ip, t0).unwrap_err();
        assert!(wait <= Duration::from_millis(100), "{wait:?}");
        assert!(limiter.check(other, t0).is_ok());
        assert!(limiter.check(ip, t0 + Duration::from_millis(100)).is_ok());
        assert!(limiter.check(ip, t0 + Duration::from_millis(100)).is_err());
        let unlimited = RateLimiter::new(0.0, 0.0);
        for _ in 0..1000 {
            assert!(unlimited.check(ip, t0).is_ok());
        }
    }
}
