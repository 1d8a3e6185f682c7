//! The documentation stands on its own: no link or path in README.md or
//! docs/ points outside the repository, and every relative link resolves.

use std::path::{Path, PathBuf};

fn markdown_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("README.md")];
    let mut dirs = vec![root.join("docs")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("docs") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                files.push(path);
            }
        }
    }
    files
}

#[test]
fn docs_point_nowhere_outside_the_repository() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .canonicalize()
        .expect("root");
    for file in markdown_files() {
        let text = std::fs::read_to_string(&file).expect("read");
        let dir = file.parent().expect("a folder");
        for (i, line) in text.lines().enumerate() {
            assert!(
                !line.contains("../shared") && !line.contains("../seeds"),
                "{}:{}: points outside the repository: {line}",
                file.display(),
                i + 1
            );
            // Relative Markdown links resolve inside the repository.
            for part in line.split("](").skip(1) {
                let target = part.split(')').next().unwrap_or("");
                let target = target.split('#').next().unwrap_or("");
                if target.is_empty() || target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                let path = dir.join(target);
                let resolved = path.canonicalize().unwrap_or_else(|_| {
                    panic!("{}:{}: broken link {target}", file.display(), i + 1)
                });
                assert!(
                    resolved.starts_with(&root),
                    "{}:{}: {target} is outside the repository",
                    file.display(),
                    i + 1
                );
            }
        }
    }
}
