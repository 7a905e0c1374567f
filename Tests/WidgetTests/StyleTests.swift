// SPDX-License-Identifier: GPL-3.0-or-later
import CUnfoldAdw
import Foundation
import UnfoldGtk
@testable import UnfoldApp
import UnfoldCore
import XCTest

/// Light or dark as the user chooses, read from the pixels: every page's
/// background, and the rows' text against their tint at WCAG's 4.5:1.
final class StyleTests: GtkTestCase {
    override func tearDown() {
        onMain { AppStyle.apply(.follow) }
        super.tearDown()
    }

    func testEveryPageInLightAndDark() throws {
        try onMain {
            let main = MainWindow.open(application: nil, state: WindowState(width: 760, height: 620))
            main.present()
            defer { gtk_window_destroy(gCast(main.window)) }
            for scheme in [AppStyle.Scheme.light, .dark] {
                AppStyle.apply(scheme)
                XCTAssertEqual(AppStyle.isDark, scheme == .dark)
                for page in Page.allCases {
                    main.showPage(page)
                    for _ in 0..<3 { paintedFrame(main.window) }
                    let shot = try Rendering(main.window, savingTo: artifactPath("style-\(scheme)-\(page).png"))
                    // The page's own background: near its bottom left corner, where
                    // nothing is drawn (clear of the window's rounded corner).
                    let pageBounds = try XCTUnwrap(main.widget(of: page).bounds(in: main.window))
                    let corner = shot.color(x: Int(pageBounds.origin.x) + 24, y: Int(pageBounds.origin.y + pageBounds.size.height) - 24)
                    let luminance = Self.luminance(corner)
                    if scheme == .dark {
                        XCTAssertLessThan(luminance, 0.05, "\(page) in dark: background \(corner)")
                    } else {
                        XCTAssertGreaterThan(luminance, 0.85, "\(page) in light: background \(corner)")
                    }
                }
                // The rows' words against the rows' tint.
                main.showPage(.collection)
                settle(main.collectionPage)
                for _ in 0..<2 { paintedFrame(main.window) }
                let shot = try Rendering(main.window, savingTo: artifactPath("style-\(scheme)-rows.png"))
                let row = try XCTUnwrap(main.collectionPage.rowWidget(for: main.collectionPage.visibleIDs[0]))
                let rowBounds = try XCTUnwrap(row.bounds(in: main.window))
                let tint = shot.color(x: Int(rowBounds.origin.x) + 6, y: Int(rowBounds.origin.y + rowBounds.size.height / 2))
                for label in descendants(of: row, ofType: gtk_label_get_type()) where gtk_widget_get_mapped(label) != 0 {
                    let text = String(cString: gtk_label_get_text(gCast(label)))
                    let bounds = try XCTUnwrap(label.bounds(in: main.window))
                    var strongest = 1.0
                    for y in Int(bounds.origin.y)..<Int(bounds.origin.y + bounds.size.height) {
                        for x in Int(bounds.origin.x)..<Int(bounds.origin.x + bounds.size.width) {
                            strongest = max(strongest, Self.contrast(shot.color(x: x, y: y), tint))
                        }
                    }
                    XCTAssertGreaterThanOrEqual(strongest, 4.5, "\(scheme): “\(text)” against its row: \(strongest):1")
                }
                // The window is the style's: light or dark, and the rows' tint with it.
                XCTAssertEqual(Self.luminance(tint) < 0.2, scheme == .dark, "\(scheme): the rows' tint \(tint)")
            }
        }
    }

    /// The main menu's choice changes every window at once, is remembered,
    /// and the next run starts with it; "Follow System" gives the choice back
    /// to the desktop.
    func testTheStyleChoiceIsLiveAndRemembered() throws {
        onMain {
            let store = temporaryStateStore()
            let app = UnfoldApplication(unique: false, stateStore: store)
            var darkBackground = false
            var status = runApplication(app) {
                guard let main = MainWindow.all.last else { return XCTFail("no window") }
                for _ in 0..<2 { paintedFrame(main.window) }
                XCTAssertFalse(AppStyle.isDark, "no preference from the desktop: light")
                g_action_group_activate_action(OpaquePointer(app.application), "style", g_variant_new_string("dark"))
                XCTAssertTrue(AppStyle.isDark)
                // The window on screen turns dark at its next frame: no reopening.
                for _ in 0..<2 { paintedFrame(main.window) }
                if let shot = try? Rendering(main.window) {
                    darkBackground = Self.luminance(shot.color(x: 10, y: shot.height - 10)) < 0.05
                }
                let state = g_action_group_get_action_state(OpaquePointer(app.application), "style")!
                XCTAssertEqual(String(cString: g_variant_get_string(state, nil)), "dark", "the menu's radio item follows")
                g_variant_unref(state)
                for window in allToplevels() { gtk_window_destroy(gCast(window)) }
            }
            XCTAssertEqual(status, 0)
            XCTAssertTrue(darkBackground, "the open window turned dark")
            XCTAssertEqual(store.load()?.style, .dark, "remembered with the window state")
            g_object_unref(UnsafeMutableRawPointer(app.application))

            AppStyle.apply(.follow)
            let next = UnfoldApplication(unique: false, stateStore: store)
            var startedDark = false
            status = runApplication(next) {
                startedDark = AppStyle.isDark
                g_action_group_activate_action(OpaquePointer(next.application), "style", g_variant_new_string("follow"))
                for window in allToplevels() { gtk_window_destroy(gCast(window)) }
            }
            XCTAssertEqual(status, 0)
            XCTAssertTrue(startedDark, "the next run starts dark")
            XCTAssertEqual(store.load()?.style, .follow)
            XCTAssertEqual(AppStyle.scheme, .follow)
            g_object_unref(UnsafeMutableRawPointer(next.application))
        }
    }

    /// The desktop's preference, as libadwaita reads it (the portal; here its
    /// debugging variable), on the real binary's window on screen; a choice in
    /// the menu overrides it; and high contrast adds the rows' edges.
    func testTheDesktopsPreferenceOnScreen() throws {
        try onMain {
        @MainActor func background(_ environment: [String: String], style: AppStyle.Scheme? = nil) throws -> Double {
            let config = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-style-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: config) }
            if let style {
                try WindowStateStore(path: config.appendingPathComponent("unfold/window-state.ini").path).save(WindowState(style: style))
            }
            let shot = try Self.screenshot(["--page", "outline"], environment: environment.merging(["XDG_CONFIG_HOME": config.path]) { $1 })
            return Self.luminance(shot.color(x: shot.width / 2, y: shot.height - 20))
        }
        XCTAssertLessThan(try background(["ADW_DEBUG_COLOR_SCHEME": "prefer-dark"]), 0.05, "a desktop that prefers dark")
        XCTAssertGreaterThan(try background(["ADW_DEBUG_COLOR_SCHEME": "prefer-light"]), 0.85, "a desktop that prefers light")
        XCTAssertGreaterThan(try background(["ADW_DEBUG_COLOR_SCHEME": "prefer-dark"], style: .light), 0.85,
                             "Light in the menu wins over the desktop")
        }
    }

    /// High contrast (the desktop's setting; here libadwaita's debugging
    /// variable for it): Unfold's rows get a visible edge on screen, which they
    /// have not otherwise.
    func testHighContrastGivesTheRowsAnEdge() throws {
        try onMain {
            @MainActor func edgeContrast(_ environment: [String: String]) throws -> Double {
                let shot = try Self.screenshot(["--page", "collection"], environment: environment)
                let x = shot.width / 2
                let background = shot.color(x: x, y: shot.height - 20)
                @MainActor func differs(_ a: (red: Int, green: Int, blue: Int, alpha: Int)) -> Bool { Self.contrast(a, background) > 1.05 }
                // The first row: below the filter and the caption, the first band
                // of the rows' tint down the middle of the window.
                guard let top = (100..<(shot.height - 40)).first(where: { y in (y..<(y + 20)).allSatisfy { differs(shot.color(x: x, y: $0)) } }) else {
                    XCTFail("no row on screen")
                    return 0
                }
                let middle = top + 20
                guard let left = (8..<x).first(where: { differs(shot.color(x: $0, y: middle)) }) else {
                    XCTFail("no row edge")
                    return 0
                }
                return Self.contrast(shot.color(x: left, y: middle), shot.color(x: left + 4, y: middle))
            }
            XCTAssertLessThan(try edgeContrast([:]), 1.2, "normally the row's edge is its tint")
            XCTAssertGreaterThan(try edgeContrast(["ADW_DEBUG_HIGH_CONTRAST": "1"]), 1.5, "in high contrast it is drawn")
        }
    }

    /// The Motion Plot after an expand, on the real binary's window in the
    /// light, dark and high-contrast styles: its dots stand out from the
    /// window at least 3:1 (WCAG's contrast for graphics), and its words are
    /// the plot's description for assistive technologies.
    func testTheMotionPlotIsReadableInEveryStyle() throws {
        try onMain {
            for (style, environment) in [("light", [:]), ("dark", ["ADW_DEBUG_COLOR_SCHEME": "prefer-dark"]),
                                         ("high contrast", ["ADW_DEBUG_HIGH_CONTRAST": "1"])] as [(String, [String: String])] {
                let app = try AppProcessTests.launch(["--motion-plot", "--page", "reveal"], environment: launchEnvironment(environment))
                defer { AppProcessTests.stop(app) }
                _ = try AppProcessTests.waitForTree { AppProcessTests.node("Collection", in: $0) != nil }
                try AppProcessTests.press("Collection")
                let nodes = try AppProcessTests.waitForTree(places: true) { $0.contains { $0.name.contains("frames over") } }
                let summary = try XCTUnwrap(nodes.first { $0.name.hasPrefix("Reveal “Collection”: ") }, style)
                let plot = try XCTUnwrap(nodes.first { $0.name == "Motion plot" }, style)
                XCTAssertEqual(plot.role, "image", style)
                XCTAssertEqual(plot.description, summary.name, "\(style): the plot says what the caption says")
                let window = try AppProcessTests.focusWindow(of: app)
                let path = artifactPath("motion-plot-\(style.replacingOccurrences(of: " ", with: "-")).png")
                XCTAssertEqual(try AppProcessTests.run("/usr/bin/import", ["-window", window, path]).status, 0)
                let shot = try Screenshot(path: path)
                let (left, top) = (try XCTUnwrap(plot.x), try XCTUnwrap(plot.y))
                let (width, height) = (try XCTUnwrap(plot.width), try XCTUnwrap(plot.height))
                let background = shot.color(x: left + 2, y: top + 2)
                // The dots' fill: the most saturated colour that covers a dot's worth of pixels.
                var counts: [Int: Int] = [:]
                for y in top..<(top + height) {
                    for x in left..<(left + width) {
                        let pixel = shot.color(x: x, y: y)
                        counts[(pixel.red << 16) | (pixel.green << 8) | pixel.blue, default: 0] += 1
                    }
                }
                func saturation(_ rgb: Int) -> Int {
                    let channels = [rgb >> 16, (rgb >> 8) & 255, rgb & 255]
                    return channels.max()! - channels.min()!
                }
                let dot = try XCTUnwrap(counts.filter { $0.value >= 50 }.keys.max { saturation($0) < saturation($1) }, style)
                let contrast = Self.contrast((dot >> 16, (dot >> 8) & 255, dot & 255, 255), background)
                XCTAssertGreaterThanOrEqual(saturation(dot), 80, "\(style): the dots are coloured")
                XCTAssertGreaterThanOrEqual(contrast, 3, "\(style): dot \(String(dot, radix: 16)) on \(background)")
            }
        }
    }

    // MARK: Colour arithmetic (WCAG 2)

    static func luminance(_ color: (red: Int, green: Int, blue: Int, alpha: Int)) -> Double {
        func channel(_ value: Int) -> Double {
            let c = Double(value) / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(color.red) + 0.7152 * channel(color.green) + 0.0722 * channel(color.blue)
    }

    static func contrast(_ a: (red: Int, green: Int, blue: Int, alpha: Int), _ b: (red: Int, green: Int, blue: Int, alpha: Int)) -> Double {
        let (la, lb) = (luminance(a), luminance(b))
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// The real binary's window with `arguments`, on screen, as pixels.
    static func screenshot(_ arguments: [String], environment: [String: String]) throws -> Screenshot {
        let app = try AppProcessTests.launch(arguments, environment: launchEnvironment(environment))
        defer { AppProcessTests.stop(app) }
        _ = try AppProcessTests.waitForTree { $0.contains { $0.role == "frame" } }
        let search = try AppProcessTests.run("/usr/bin/xdotool", ["search", "--onlyvisible", "--pid", "\(app.processIdentifier)"])
        let window = try XCTUnwrap(search.stdout.split(separator: "\n").last.map(String.init), search.stderr)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-style-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertEqual(try AppProcessTests.run("/usr/bin/import", ["-window", window, path]).status, 0)
        return try MainActor.assumeIsolated { try Screenshot(path: path) }
    }

    struct Screenshot {
        let width: Int
        let height: Int
        private let pixels: [UInt8]

        @MainActor
        init(path: String) throws {
            let texture = try XCTUnwrap(gdk_texture_new_from_filename(path, nil))
            defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
            let width = Int(gdk_texture_get_width(texture))
            var bytes = [UInt8](repeating: 0, count: width * Int(gdk_texture_get_height(texture)) * 4)
            bytes.withUnsafeMutableBufferPointer { gdk_texture_download(texture, $0.baseAddress, gsize(width * 4)) }
            self.width = width
            height = Int(gdk_texture_get_height(texture))
            pixels = bytes
        }

        func color(x: Int, y: Int) -> (red: Int, green: Int, blue: Int, alpha: Int) {
            let i = (y * width + x) * 4
            return (Int(pixels[i + 2]), Int(pixels[i + 1]), Int(pixels[i]), Int(pixels[i + 3]))
        }
    }
}
