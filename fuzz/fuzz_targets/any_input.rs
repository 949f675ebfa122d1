//! Format detection plus every reader, the lossless JSON reader and the OBJ / navjson importers:
//! nothing panics, and every document converts to the model, JSON, OBJ and glTF without panicking.
#![no_main]
use libfuzzer_sys::fuzz_target;
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    for name in ["in.nav", "in.navjson", "in.obj"] {
        if let Ok(input) = navforge::Input::read(Path::new(name), data) {
            for target in [navforge::Target::Json, navforge::Target::Obj, navforge::Target::Glb] {
                let _ = input.convert(target);
            }
        }
    }
});
