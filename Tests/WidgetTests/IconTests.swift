// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import UnfoldApp
import UnfoldGtk
import XCTest

/// The icons the app names, on the release the tests run on, as the run
/// command installs its icon theme and loaders: each resolves, and draws,
/// not as GTK's "missing image" (what every SVG icon was on Debian 13
/// without librsvg's loader, which its icon theme only recommends).
final class IconTests: GtkTestCase {
    func testEveryIconTheAppNamesDraws() throws {
        try onMain {
            AppResources.register()
            let names = Self.iconNamesInTheApp()
            XCTAssertGreaterThanOrEqual(names.count, 10, "the icons named in Sources and data/ui: \(names)")
            let theme = gtk_icon_theme_get_for_display(gdk_display_get_default())
            let missing = try Self.drawn("unfold-no-such-icon-symbolic", saving: "icon-missing.png")
            XCTAssertGreaterThan(missing.paintedCount, 0, "GTK draws its missing image")
            for name in names {
                XCTAssertNotEqual(gtk_icon_theme_has_icon(theme, name), 0, "\(name): not in the icon theme")
                let shot = try Self.drawn(name, saving: "icon-\(name).png")
                XCTAssertGreaterThan(shot.paintedCount, 0, "\(name) draws nothing")
                XCTAssertFalse(shot.isSamePicture(as: missing), "\(name) draws as GTK's missing image")
            }
        }
    }

    /// Every icon name the app's and the widgets' code and user interface
    /// files spell out ("…-symbolic"), so that a new one is checked too.
    static func iconNamesInTheApp() -> [String] {
        let folders = ["Sources/UnfoldApp", "Sources/UnfoldWidgets", "data/ui"].map { repositoryRoot.appendingPathComponent($0) }
        let pattern = try! NSRegularExpression(pattern: "[\">]([a-z0-9]+(-[a-z0-9]+)*-symbolic)[\"<]")
        var names = Set<String>()
        for folder in folders {
            for file in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where file.hasSuffix(".swift") || file.hasSuffix(".ui") {
                guard let text = try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8) else { continue }
                for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                    names.insert((text as NSString).substring(with: match.range(at: 1)))
                }
            }
        }
        return names.sorted()
    }

    /// `name` drawn at 32 px by a GtkImage in a window of its own.
    @MainActor
    static func drawn(_ name: String, saving artifact: String) throws -> Rendering {
        let image = gtk_image_new_from_icon_name(name)!
        gtk_image_set_pixel_size(gCast(image), 32)
        let window = TestWindow(child: image, width: 64, height: 64)
        defer { gtk_window_destroy(gCast(window.window)) }
        return try Rendering(image, savingTo: artifactPath(artifact))
    }
}
