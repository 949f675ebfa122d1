//! Quake 2021 bot navigation (NAV2) and .navjson as lossless documents.
