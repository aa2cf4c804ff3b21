//! serde for values whose text form is their natural interchange form (positions, moves):
//! they serialize as the string `Display` writes and deserialize through `FromStr`.

#[doc(hidden)]
pub use serde as __serde;

/// Implements `Serialize` for a type through its `Display` text.
#[macro_export]
macro_rules! serialize_as_text {
    ($type:ty) => {
        impl $crate::text_serde::__serde::Serialize for $type {
            fn serialize<S: $crate::text_serde::__serde::Serializer>(
                &self,
                serializer: S,
            ) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }
    };
}

/// Implements `Serialize` through `Display` and `Deserialize` through `FromStr`.
#[macro_export]
macro_rules! serde_as_text {
    ($type:ty) => {
        $crate::serialize_as_text!($type);

        impl<'de> $crate::text_serde::__serde::Deserialize<'de> for $type {
            fn deserialize<D: $crate::text_serde::__serde::Deserializer<'de>>(
                deserializer: D,
            ) -> Result<Self, D::Error> {
                let text: std::borrow::Cow<'de, str> =
                    $crate::text_serde::__serde::Deserialize::deserialize(deserializer)?;
                text.parse()
                    .map_err(<D::Error as $crate::text_serde::__serde::de::Error>::custom)
            }
        }
    };
}
