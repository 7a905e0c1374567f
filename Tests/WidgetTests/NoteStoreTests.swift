// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import UnfoldGtkTestSupport
@testable import UnfoldApp
import XCTest

/// The notes kept on disk: what happens to a notes file that cannot be read.
final class NoteStoreTests: GtkTestCase {
    /// Each unreadable notes file is moved aside under a name of its own, and
    /// the window is told which labels file's notes they are and the folder
    /// they were kept in; an earlier one is never written over.
    func testUnreadableNotesAreMovedAsideAndNeverOverwritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-notes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let labels = folder.appendingPathComponent("labels.tsv")
        try Data("1\tOne\ttile\n".utf8).write(to: labels)
        onMain {
            let notesPath = NoteStore.notesPath(for: NoteStore.canonical(labels.path))
            try? FileManager.default.createDirectory(atPath: NoteStore.directory, withIntermediateDirectories: true)
            defer {
                for suffix in ["", ".unreadable", ".unreadable-2", ".unreadable-3"] { unlink(notesPath + suffix) }
            }
            var asides: [String] = []
            // (The third is not text: GKeyFile alone reads a file of NUL bytes as empty.)
            let damages = ["first damage [", "second damage [", String(repeating: "\0", count: 200)]
            for damage in damages {
                XCTAssertTrue(FileManager.default.createFile(atPath: notesPath, contents: Data(damage.utf8)))
                let store = NoteStore.forLabelsFile(labels.path)
                XCTAssertEqual(store.notes, [:])
                let problem = try? XCTUnwrap(store.pendingProblem, "the window is told")
                let aside = notesPath + ".unreadable" + (asides.isEmpty ? "" : "-\(asides.count + 1)")
                // Said by the labels file's name, and where the notes were kept (not the digest's name).
                XCTAssertTrue(problem?.hasPrefix("The notes on labels.tsv could not be read (") ?? false, problem ?? "")
                XCTAssertTrue(problem?.hasSuffix("they were kept aside, in \(RecentLabels.shownFolder(NoteStore.directory))") ?? false, problem ?? "")
                XCTAssertFalse(FileManager.default.fileExists(atPath: notesPath))
                asides.append(aside)
            }
            XCTAssertEqual(asides.map { try? String(contentsOfFile: $0, encoding: .utf8) }, damages,
                           "each damaged file kept whole, under its own name")
        }
    }
}
