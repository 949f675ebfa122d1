//! A Source map's files beyond its BSP: the map's own pakfile (lump 40, a zip archive), then
//! content folders (a game's folder with its loose files and its `*_dir.vpk` packs, a folder
//! the packs were extracted to, or one pack), looked up by path without regard to case.

use std::collections::HashMap;
use std::io::{Cursor, Read};
use std::path::{Path, PathBuf};

use crate::bytes::u32_at;

/// Where a Source map's static props find their collision models (`models/...phy`): searched
/// in order after the map's own pakfile.
#[derive(Debug, Clone, Default)]
pub struct Content {
    /// A game's folder (such as `cstrike` or `tf`: its loose files, then its `*_dir.vpk`
    /// packs), a folder the game's files were extracted to, or one `*_dir.vpk`.
    pub folders: Vec<PathBuf>,
}

/// The most a content folder's files may add up to for one map (a map's models' `.phy`s are a
/// few megabytes at most), and the most one file may hold.
const CONTENT_BUDGET: usize = 256 << 20;
const CONTENT_FILE: usize = 16 << 20;

/// The first four bytes of a Valve pack.
const VPK_SIGNATURE: u32 = 0x55aa_1234;

/// What a lookup gave.
pub(crate) enum Found {
    /// The file's bytes, and where they came from (for messages).
    Bytes(Vec<u8>, String),
    /// No source holds the file.
    Missing,
    /// A source holds it but it could not be read (why, naming the source).
    Unreadable(String),
}

/// The files a map can reach: its pakfile's and the content folders', read within budgets.
pub(crate) struct Files<'a> {
    pak: Option<zip::ZipArchive<Cursor<&'a [u8]>>>,
    pak_names: HashMap<String, usize>,
    folders: Vec<Folder>,
    /// What is left of the pakfile's budget (the map's unpack budget) and of
    /// [`CONTENT_BUDGET`].
    pak_budget: usize,
    content_budget: usize,
    /// Why the pakfile could not be opened, once (it is then passed over).
    pub pak_error: Option<String>,
}

impl<'a> Files<'a> {
    /// The files of `pakfile` (lump 40's bytes; an empty lump has none) and `content`, the
    /// pakfile's reads within `pak_budget` bytes.
    pub fn new(pakfile: &'a [u8], content: &Content, pak_budget: usize) -> Files<'a> {
        let (pak, pak_error) = if pakfile.is_empty() {
            (None, None)
        } else {
            match zip::ZipArchive::new(Cursor::new(pakfile)) {
                Ok(z) => (Some(z), None),
                Err(e) => (
                    None,
                    Some(format!("the pakfile (lump 40) is no zip archive: {e}")),
                ),
            }
        };
        let pak_names = pak
            .as_ref()
            .map(|z| {
                (0..z.len())
                    .filter_map(|i| Some((z.name_for_index(i)?.ok()?.to_ascii_lowercase(), i)))
                    .collect()
            })
            .unwrap_or_default();
        Files {
            pak,
            pak_names,
            folders: content
                .folders
                .iter()
                .map(|f| Folder {
                    path: f.clone(),
                    packs: None,
                })
                .collect(),
            pak_budget,
            content_budget: CONTENT_BUDGET,
            pak_error,
        }
    }

    /// The file at `path`: from the pakfile, else the first content folder that holds it.
    pub fn read(&mut self, path: &str) -> Found {
        let key = path.replace('\\', "/").to_ascii_lowercase();
        if let (Some(z), Some(&i)) = (self.pak.as_mut(), self.pak_names.get(&key)) {
            let source = format!("pakfile:{key}");
            return match read_zip_entry(z, i, self.pak_budget) {
                Ok(out) => {
                    self.pak_budget -= out.len();
                    Found::Bytes(out, source)
                }
                Err(why) => Found::Unreadable(format!("{source}: {why}")),
            };
        }
        let limit = self.content_budget.min(CONTENT_FILE);
        for folder in &mut self.folders {
            let found = match find_ignoring_case(&folder.path, &key) {
                Some(file) => {
                    Some(read_limited(&file, limit).map(|b| (b, file.display().to_string())))
                }
                None => folder.packs().iter().find_map(|p| p.read(&key, limit)),
            };
            match found {
                Some(Ok((out, source))) => {
                    self.content_budget = self.content_budget.saturating_sub(out.len());
                    return Found::Bytes(out, source);
                }
                Some(Err(why)) => return Found::Unreadable(why),
                None => {}
            }
        }
        Found::Missing
    }
}

/// Entry `i` of a zip archive, when it unpacks to at most `limit` bytes (its stated size is
/// checked first, and the read stops at it).
fn read_zip_entry(
    z: &mut zip::ZipArchive<Cursor<&[u8]>>,
    i: usize,
    limit: usize,
) -> Result<Vec<u8>, String> {
    let mut f = z.by_index(i).map_err(|e| e.to_string())?;
    let size = usize::try_from(f.size()).unwrap_or(usize::MAX);
    if size > limit {
        return Err(format!(
            "{size} bytes, past the {limit} left of the map's budget"
        ));
    }
    let mut out = Vec::with_capacity(size);
    (&mut f)
        .take(size as u64)
        .read_to_end(&mut out)
        .map_err(|e| e.to_string())?;
    Ok(out)
}

/// A file of at most `limit` bytes.
fn read_limited(file: &Path, limit: usize) -> Result<Vec<u8>, String> {
    let len = std::fs::metadata(file)
        .map_err(|e| format!("{}: {e}", file.display()))?
        .len();
    if usize::try_from(len).map_or(true, |l| l > limit) {
        return Err(format!(
            "{}: {len} bytes, past the {limit} allowed",
            file.display()
        ));
    }
    std::fs::read(file).map_err(|e| format!("{}: {e}", file.display()))
}

/// `rel` (lowercase, `/`-separated) below `dir`, matching each name without regard to case.
fn find_ignoring_case(dir: &Path, rel: &str) -> Option<PathBuf> {
    let exact = dir.join(rel);
    if exact.is_file() {
        return Some(exact);
    }
    let mut at = dir.to_path_buf();
    for part in rel.split('/').filter(|p| !p.is_empty()) {
        let next = std::fs::read_dir(&at)
            .ok()?
            .filter_map(Result::ok)
            .find(|e| e.file_name().to_string_lossy().eq_ignore_ascii_case(part))?;
        at = next.path();
    }
    at.is_file().then_some(at)
}

/// A content folder: its loose files, and its packs, opened on first use.
struct Folder {
    path: PathBuf,
    packs: Option<Vec<Pack>>,
}

impl Folder {
    fn packs(&mut self) -> &[Pack] {
        let path = &self.path;
        self.packs.get_or_insert_with(|| {
            let is_pack = |p: &Path| {
                p.file_name().is_some_and(|n| {
                    n.to_string_lossy()
                        .to_ascii_lowercase()
                        .ends_with("_dir.vpk")
                })
            };
            let mut paths: Vec<PathBuf> = if path.is_file() {
                vec![path.clone()]
            } else {
                std::fs::read_dir(path)
                    .map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect())
                    .unwrap_or_default()
            };
            paths.retain(|p| is_pack(p));
            paths.sort();
            paths.iter().filter_map(|p| Pack::open(p)).collect()
        })
    }
}

/// A Valve pack (`*_dir.vpk` and its numbered archives), its entries by lowercased path.
struct Pack {
    vpk: vpk::VPK,
    names: HashMap<String, String>,
    path: PathBuf,
}

impl Pack {
    /// The pack at `path`, or none when it cannot be read. The crate allocates the directory
    /// tree at the size the header states, so that is checked against the file first; a pack
    /// the crate still fails on (or panics on) is passed over like a folder without the file.
    fn open(path: &Path) -> Option<Pack> {
        let mut head = [0u8; 12];
        std::fs::File::open(path).ok()?.read_exact(&mut head).ok()?;
        let tree = u64::from(u32_at(&head, 8)?);
        if u32_at(&head, 0)? != VPK_SIGNATURE || tree > std::fs::metadata(path).ok()?.len() {
            return None;
        }
        let vpk = std::panic::catch_unwind(|| vpk::VPK::read(path))
            .ok()?
            .ok()?;
        let names = vpk
            .tree
            .keys()
            .map(|k| (k.to_ascii_lowercase(), k.clone()))
            .collect();
        Some(Pack {
            vpk,
            names,
            path: path.to_path_buf(),
        })
    }

    /// The entry at `key`, when the pack holds it: its bytes if at most `limit`, else why not.
    fn read(&self, key: &str, limit: usize) -> Option<Result<(Vec<u8>, String), String>> {
        let entry = self.vpk.tree.get(self.names.get(key)?)?;
        let source = format!("{}:{key}", self.path.display());
        let size = entry.preload_data.len() + entry.dir_entry.file_length as usize;
        if size > limit {
            return Some(Err(format!(
                "{source}: {size} bytes, past the {limit} allowed"
            )));
        }
        let mut out = Vec::with_capacity(size);
        let read = entry
            .reader()
            .and_then(|r| r.take(size as u64).read_to_end(&mut out));
        Some(match read {
            Ok(_) => Ok((out, source)),
            Err(e) => Err(format!("{source}: {e}")),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The map's pakfile through the zip crate, LZMA entries included: TF2 mvm_kelly packs
    /// a jointed model's `.phy` (`bspzip -repack` compressed it, method 14).
    #[test]
    fn a_repacked_maps_pakfile_gives_its_lzma_entries() {
        let Some(dir) = navforge_core::testing::corpus_dir("source-pairs") else {
            return;
        };
        let bsp = std::fs::read(dir.join("source_iassis+tf2-fastdl__mvm_kelly_rc1b.bsp"))
            .expect("the kelly pair");
        let directory = crate::brushbsp::vbsp_directory_packed(&bsp).expect("a VBSP");
        let pak = directory.lump(40, "pakfile").expect("lump 40").bytes;
        let mut files = Files::new(pak, &Content::default(), 1 << 30);
        assert!(files.pak_error.is_none());
        let Found::Bytes(phy, source) = files.read("Models\\Props_Invader\\saucer.PHY") else {
            panic!("the saucer's .phy");
        };
        assert_eq!(source, "pakfile:models/props_invader/saucer.phy");
        assert_eq!(phy.len(), 7007, "the size the archive states");
        let solids = crate::phy::phy_file_solids(&phy).expect("a .phy");
        assert!(!solids.is_empty() && solids.iter().all(Option::is_some));
        assert!(matches!(files.read("models/none.phy"), Found::Missing));
        // Past the budget: found, but not read.
        let mut tight = Files::new(pak, &Content::default(), 100);
        assert!(matches!(
            tight.read("models/props_invader/saucer.phy"),
            Found::Unreadable(_)
        ));
    }
}
