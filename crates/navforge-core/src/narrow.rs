//! Narrowing a length or ID to a format's field width, as an error instead of a silent wrap: the
//! one copy every writer and builder uses.

use crate::{Error, Result};

/// `n` as a `u8` count of `field`, or an error naming it.
pub fn count_u8(format: &'static str, field: &str, n: usize) -> Result<u8> {
    u8::try_from(n).map_err(|_| too_many(format, field, n, u8::MAX.into()))
}

/// `n` as a `u16` count of `field`, or an error naming it.
pub fn count_u16(format: &'static str, field: &str, n: usize) -> Result<u16> {
    u16::try_from(n).map_err(|_| too_many(format, field, n, u16::MAX.into()))
}

/// `n` as a `u32` count of `field`, or an error naming it.
pub fn count_u32(format: &'static str, field: &str, n: usize) -> Result<u32> {
    u32::try_from(n).map_err(|_| too_many(format, field, n, u32::MAX.into()))
}

/// An ID from the model as the format's 32-bit ID, or an error naming it.
pub fn id32(format: &'static str, field: &str, id: u64) -> Result<u32> {
    u32::try_from(id).map_err(|_| {
        Error::in_document(
            format,
            field,
            format!("ID {id} does not fit the format's 32-bit IDs"),
        )
    })
}

/// A value being written has no input byte to point at: the error names the field only.
fn too_many(format: &'static str, field: &str, n: usize, max: u64) -> Error {
    Error::in_document(
        format,
        field,
        format!("{n} items do not fit: the format holds at most {max}"),
    )
}

/// Declares a zero-sized tag that serialises as one fixed string and refuses any other on input:
/// the `"format"` key that opens a lossless JSON document. With the calling crate's `schema`
/// feature it has a JSON Schema too (that crate must depend on `schemars`).
#[macro_export]
macro_rules! format_tag {
    ($(#[$doc:meta])* $name:ident = $text:literal) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
        pub struct $name;

        impl $name {
            /// The tag's text.
            pub const TEXT: &'static str = $text;
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> ::std::result::Result<S::Ok, S::Error> {
                s.serialize_str($text)
            }
        }

        #[cfg(feature = "schema")]
        impl schemars::JsonSchema for $name {
            fn schema_name() -> ::std::borrow::Cow<'static, str> {
                stringify!($name).into()
            }
            fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
                $crate::schema::tag_schema($text)
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> ::std::result::Result<Self, D::Error> {
                let text: ::std::borrow::Cow<'de, str> = serde::Deserialize::deserialize(d)?;
                if text == $text {
                    Ok($name)
                } else {
                    Err(<D::Error as serde::de::Error>::custom(format!(
                        "this is a `{}` document, not `{}`",
                        text, $text
                    )))
                }
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn narrowing_refuses_what_does_not_fit() {
        assert_eq!(count_u8("x", "f", 255).unwrap(), 255);
        let e = count_u8("x", "spots", 256).unwrap_err();
        assert_eq!(e.field, "spots");
        assert!(e.to_string().contains("at most 255"), "{e}");
        assert!(count_u16("x", "f", 65_536).is_err());
        assert!(count_u32("x", "f", u32::MAX as usize).is_ok());
        assert!(id32("x", "id", u64::from(u32::MAX) + 1).is_err());
    }
}
