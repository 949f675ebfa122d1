//! Zero-sized format tags: the `"format"` key that opens each lossless JSON document.

/// Declares a unit struct that serialises as a fixed string and refuses any other on input.
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
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str($text)
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text: std::borrow::Cow<'de, str> = serde::Deserialize::deserialize(d)?;
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

format_tag!(
    /// Tag of [`crate::QuakeNavDocument`] (`"quake-nav"`).
    QuakeNavTag = "quake-nav"
);
format_tag!(
    /// Tag of [`crate::Quake2NavDocument`] (`"quake2-nav"`).
    Quake2NavTag = "quake2-nav"
);
