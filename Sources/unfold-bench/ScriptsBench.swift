// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import UnfoldCore

/// Issue 23's memory by script: labels files of a million and ten million
/// labels in three kinds of text, each opened by Unfold and by GTK's list:
/// short ASCII titles; Debian's package list as "name — description" (nearly
/// every title ASCII but for a dash or an accent, the titles a fold does not
/// shorten); and names in every language CLDR has (Tests/Data/cldr-names.tsv:
/// every script, titles that are almost all not ASCII). Each size repeats its
/// source's titles, numbered, as often as it takes. Each is typed into in
/// its own script: a query of its characters, and one that most titles hold.
enum ScriptsBench {
    struct Corpus {
        let name: String
        /// The titles one copy holds.
        let titles: [String]
        /// What is typed into it (keysym names, or characters).
        let keys: [String]
    }

    static func corpora() throws -> [Corpus] {
        let words = ["Amber", "Blue", "Dusty", "Frozen", "Green", "Hollow", "Jade", "Mellow", "Nordic", "Pale"]
        let nouns = ["Tile", "Dot", "Circle", "Square", "Palette", "Shape", "Label", "Marker", "Badge", "Chip"]
        let ascii = Corpus(name: "ASCII", titles: words.flatMap { word in nouns.map { "\(word) \($0)" } },
                           keys: ["a", "m", "BackSpace", "BackSpace", "space", "BackSpace"])
        let cldrPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Tests/Data/cldr-names.tsv").standardized.path
        let cldr = try LabelsFile.load(path: cldrPath)
        // Cyrillic, then CJK, then an accent every Latin title's "e" meets.
        let multilingual = Corpus(name: "every script (CLDR)", titles: cldr.records.map(\.title),
                                  keys: ["к", "а", "BackSpace", "BackSpace", "語", "BackSpace", "é", "BackSpace"])
        do {
            return [ascii, try debianPackages(), multilingual]
        } catch {
            // A machine without apt's lists still measures the other two.
            FileHandle.standardError.write(Data("unfold-bench: scripts: Debian's packages left out: \(error)\n".utf8))
            return [ascii, multilingual]
        }
    }

    /// "name — description" of every package apt knows of.
    static func debianPackages() throws -> Corpus {
        let text = try output(of: "/usr/bin/apt-cache", ["dumpavail"])
        var titles: [String] = []
        var package: Substring?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("Package: ") { package = line.dropFirst("Package: ".count) }
            if line.hasPrefix("Description: "), let name = package {
                titles.append("\(name) — \(line.dropFirst("Description: ".count))")
                package = nil
            }
        }
        guard titles.count > 1000 else {
            throw BenchError("apt-cache dumpavail listed \(titles.count) packages: run apt-get update first")
        }
        // The dash every title holds, then a name.
        return Corpus(name: "Debian's packages", titles: titles,
                      keys: ["—", "BackSpace", "l", "i", "b", "BackSpace", "BackSpace", "BackSpace"])
    }

    /// A TSV file of `count` labels from `corpus`; the bytes of its titles;
    /// and those of the titles and, of those not ASCII, their folds (what a
    /// store that keeps each fold beside its title must hold).
    static func write(_ corpus: Corpus, count: Int, to path: String) throws -> (text: Int, textAndFold: Int, fileBytes: Int) {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw BenchError("cannot write \(path)")
        }
        defer { try? handle.close() }
        var text = 0, textAndFold = 0, fileBytes = 0
        var buffer = ""
        for index in 0..<count {
            let copy = index / corpus.titles.count
            let source = corpus.titles[index % corpus.titles.count]
            let title = copy == 0 ? source : "\(source) \(copy)"
            text += title.utf8.count
            textAndFold += title.utf8.count
            if !title.utf8.allSatisfy({ $0 < 0x80 }) { textAndFold += SearchFolding.foldedBytes(title).count }
            // A field that starts with a quote is quoted (none holds a tab or a line break).
            let field = title.hasPrefix("\"") ? "\"" + title.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : title
            buffer += "\(index + 1)\t\(field)\t\(index % 2 == 0 ? "tile" : "dot")\n"
            if buffer.utf8.count > 1 << 20 || index == count - 1 {
                fileBytes += buffer.utf8.count
                try handle.write(contentsOf: Data(buffer.utf8))
                buffer = ""
            }
        }
        return (text, textAndFold, fileBytes)
    }
}
