//! Zero-sized format tags: the `"format"` key that opens each lossless JSON document.

navforge_core::format_tag!(
    /// Tag of [`crate::QuakeNavDocument`] (`"quake-nav"`).
    QuakeNavTag = "quake-nav"
);
navforge_core::format_tag!(
    /// Tag of [`crate::Quake2NavDocument`] (`"quake2-nav"`).
    Quake2NavTag = "quake2-nav"
);
