// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import UnfoldApp
import UnfoldGtk
import UnfoldGtkTestSupport
import XCTest

/// The labels file's watch, as the file system tells it. (The whole app
/// following new versions is `YourOwnLabelsTests`; a file made unreadable by
/// its permissions cannot be had there, as the tests run as root in CI.)
final class LabelsWatchTests: GtkTestCase {
    /// A version that could not be read (its permissions: `chmod 000`) is
    /// read again when only its permissions change back, the same bytes and
    /// all: the window said it was unreadable until the next write, or for good.
    func testAFileMadeReadableAgainIsReadAgain() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let labels = directory.appendingPathComponent("birds.tsv")
        try "1\tWren\tdot\n".write(to: labels, atomically: true, encoding: .utf8)
        try onMain {
            let watch = try XCTUnwrap(LabelsWatch(path: labels.path))
            defer { watch.cancel() }
            var versions = 0
            watch.onNewVersion = { versions += 1 }
            watch.readsAgainOnAttributeChange = true
            XCTAssertEqual(chmod(labels.path, 0o600), 0)
            XCTAssertTrue(iterate(until: { versions == 1 }), "a permissions change, while the last read failed, is read")
        }
    }
}
