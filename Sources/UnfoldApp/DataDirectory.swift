import Foundation

/// Where Unfold's data files (stylesheet, later icons and translations) are.
public enum DataDirectory {
    /// In order: `UNFOLD_DATA_DIR`; `../share/unfold` beside an installed binary;
    /// the source tree's `data/` for a development build.
    public static func locate(_ file: String) -> String? {
        candidates.map { ($0 as NSString).appendingPathComponent(file) }
            .first { FileManager.default.isReadableFile(atPath: $0) }
    }

    static var candidates: [String] { candidates(forExecutable: CommandLine.arguments[0]) }

    static func candidates(forExecutable path: String) -> [String] {
        var directories: [String] = []
        if let override = ProcessInfo.processInfo.environment["UNFOLD_DATA_DIR"] { directories.append(override) }
        let executable = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        directories.append(executable.deletingLastPathComponent().appendingPathComponent("../share/unfold").standardized.path)
        let sourceTree = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../data").standardized.path
        directories.append(sourceTree)
        return directories
    }
}
