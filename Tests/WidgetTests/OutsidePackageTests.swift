// SPDX-License-Identifier: GPL-3.0-or-later
import ChildProcessTestSupport
import Foundation
import XCTest

/// Another Swift package that depends on the UnfoldWidgets product, registers
/// the types (`UnfoldTypes.register()`) and loads a GtkBuilder file naming UnfoldRevealGroup gets
/// the tutorial's animated disclosure with no other Unfold code.
final class OutsidePackageTests: XCTestCase {
    static let manifest = """
        // swift-tools-version:6.0
        import PackageDescription
        let package = Package(
            name: "Outside",
            dependencies: [.package(path: "REPOSITORY")],
            targets: [.executableTarget(name: "outside", dependencies: [.product(name: "UnfoldWidgets", package: "REPOSITORY_NAME")])]
        )
        """

    static let program = #"""
        import Foundation
        import UnfoldGtk  // GTK's C API, as Unfold's widgets speak it (not re-exported by them)
        import UnfoldWidgets

        let xml = """
            <interface>
              <object class="GtkWindow" id="window">
                <property name="default-width">400</property>
                <property name="default-height">300</property>
                <child>
                  <object class="UnfoldRevealGroup" id="group">
                    <property name="title">Collection</property>
                    <child><object class="GtkLabel" id="content"><property name="label">Shapes</property></object></child>
                  </object>
                </child>
              </object>
            </interface>
            """

        func property<T>(_ object: UnsafeMutablePointer<GObject>, _ name: String, _ type: GType, _ read: (UnsafePointer<GValue>) -> T) -> T {
            var value = GValue()
            g_value_init(&value, type)
            defer { g_value_unset(&value) }
            g_object_get_property(object, name, &value)
            return read(&value)
        }

        let status: Int32 = MainActor.assumeIsolated {
            guard gtk_init_check() != 0 else { return 2 }
            UnfoldTypes.register()
            let builder = gtk_builder_new_from_string(xml, -1)!
            let window = UnsafeMutableRawPointer(gtk_builder_get_object(builder, "window")!)
            let group = gtk_builder_get_object(builder, "group")!
            let content = UnsafeMutableRawPointer(gtk_builder_get_object(builder, "content")!).assumingMemoryBound(to: GtkWidget.self)
            gtk_window_present(window.assumingMemoryBound(to: GtkWindow.self))
            // The reveal is the GObject around the group's content box.
            let reveal = UnsafeMutableRawPointer(gtk_widget_get_parent(gtk_widget_get_parent(content)!)!).assumingMemoryBound(to: GObject.self)
            let boolean = GType(5 << 2), double = GType(15 << 2)  // G_TYPE_BOOLEAN, G_TYPE_DOUBLE
            var value = GValue()
            g_value_init(&value, boolean)
            g_value_set_boolean(&value, 1)
            g_object_set_property(group, "expanded", &value)
            var progress: [Double] = []
            // Not a time limit: a reveal that never finishes has hung.
            let deadline = Date().addingTimeInterval(120)
            while Date() < deadline {
                g_main_context_iteration(nil, 0)
                let shown = property(reveal, "progress", double) { g_value_get_double($0) }
                if progress.last != shown { progress.append(shown) }
                if property(reveal, "child-revealed", boolean, { g_value_get_boolean($0) }) != 0 { break }
                usleep(1_000)
            }
            let steps = Set(progress.filter { $0 > 0 && $0 < 1 }).count
            let height = gtk_widget_get_height(content)
            let kind = typeName(of: reveal)
            print("outside: \(kind) took \(steps) steps, ended at \(progress.last ?? -1); the content is \(height) px high")
            return kind == "UnfoldReveal" && steps >= 5 && progress.last == 1 && height > 0 ? 0 : 1
        }
        exit(status)
        """#

    func testAnotherPackageUsesTheWidgetsFromABuilderFile() throws {
        let repository = repositoryRoot
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-outside-\(UUID().uuidString)")
        let sources = directory.appendingPathComponent("Sources/outside")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.manifest.replacingOccurrences(of: "REPOSITORY_NAME", with: repository.lastPathComponent)
            .replacingOccurrences(of: "REPOSITORY", with: repository.path)
            .write(to: directory.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try Self.program.write(to: sources.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)

        let build = try AppProcessTests.run("/usr/bin/env", ["swift", "build", "--package-path", directory.path],
                                           patience: 30 * 60 * Patience.factor)
        guard build.status == 0 else {
            return XCTFail("the outside package does not build:\n" + String(build.stdout.suffix(3000)) + String(build.stderr.suffix(3000)))
        }
        let run = try AppProcessTests.run(directory.appendingPathComponent(".build/debug/outside").path, [])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        print(run.stdout)
    }
}
