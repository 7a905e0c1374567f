// swift-tools-version:6.0
import PackageDescription

// Unfold depends on nothing but the Swift toolchain and Debian's GTK 4 and libadwaita.

// The test command builds with UNFOLD_STRICT set: a compiler warning is an
// error there, so a new one fails the run. (Only there: a user's newer
// compiler may warn about what this one does not, and should still build.)
let strict = Context.environment["UNFOLD_STRICT"] != nil
let swiftSettings: [SwiftSetting] = strict ? [.unsafeFlags(["-warnings-as-errors"])] : []
let cSettings: [CSetting] = strict ? [.unsafeFlags(["-Werror"])] : []

let package = Package(
    name: "Unfold",
    products: [
        .executable(name: "unfold", targets: ["unfold"]),
        // The widgets, for other packages: `import UnfoldWidgets` (GTK's C API
        // comes with it), then `unfold_init()` and GtkBuilder find the types.
        .library(name: "UnfoldWidgets", targets: ["UnfoldWidgets"]),
        .executable(name: "unfold-bench", targets: ["unfold-bench"]),
        .executable(name: "unfold-bench-app", targets: ["unfold-bench-app"]),
        .executable(name: "unfold-fuzz", targets: ["unfold-fuzz"]),
        .executable(name: "unfold-reference", targets: ["unfold-reference"]),
    ],
    targets: [
        // The C surface of GTK 4, plus small C helpers for what Swift cannot call
        // (variadic functions, function-like macros).
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        // GNOME's platform library, for the application shell only.
        .systemLibrary(
            name: "CAdw",
            path: "Sources/CAdw",
            pkgConfig: "libadwaita-1",
            providers: [.apt(["libadwaita-1-dev"])]
        ),
        // A thin Swift layer over the C API: handles, signals, GType subclassing, settings.
        .target(name: "Gtk", dependencies: ["CGtk"], swiftSettings: swiftSettings),
        // Pure Swift: curves, timed values, the collection model. No GTK.
        .target(name: "UnfoldCore", swiftSettings: swiftSettings),
        // GTK widgets written in Swift, as GTypes.
        .target(name: "UnfoldWidgets", dependencies: ["Gtk", "UnfoldCore"], swiftSettings: swiftSettings),
        // Compiles data/unfold.gresource.xml into the target that uses it.
        .plugin(name: "GResourcePlugin", capability: .buildTool(), path: "Sources/GResourcePlugin"),
        // The application: pages, windows, command line.
        .target(name: "UnfoldApp", dependencies: ["Gtk", "CAdw", "UnfoldCore", "UnfoldWidgets"],
                swiftSettings: swiftSettings, plugins: ["GResourcePlugin"]),
        .executableTarget(name: "unfold", dependencies: ["UnfoldApp"], swiftSettings: swiftSettings),
        // What only tests and measurements use: GTK's accessible checks, turning the main loop.
        .systemLibrary(name: "CGtkTestSupport", pkgConfig: "gtk4"),
        .target(name: "GtkTestSupport", dependencies: ["Gtk", "CGtkTestSupport"], swiftSettings: swiftSettings),
        // Processes the tests start: output in files of their own, ended with
        // their test, killed with the runner, a hang told from slowness.
        .target(name: "ChildProcessTestSupport", swiftSettings: swiftSettings),
        // Measures Unfold against GTK's own widgets doing the same work, in one run.
        .executableTarget(name: "unfold-bench",
                          dependencies: ["Gtk", "GtkTestSupport", "UnfoldCore", "UnfoldWidgets", "UnfoldApp"],
                          swiftSettings: swiftSettings),
        // Unfold's application as `unfold` runs it, reporting each painted
        // frame to unfold-bench; like `unfold`, without Foundation.
        .executableTarget(name: "unfold-bench-app", dependencies: ["Gtk", "UnfoldCore", "UnfoldApp"], swiftSettings: swiftSettings),
        // What must hold for any input to the labels-file parser, shared by the
        // fuzzer and the test that replays everything it ever kept.
        .target(name: "LabelsFileProperties", dependencies: ["UnfoldCore"], swiftSettings: swiftSettings),
        // libFuzzer target (meson-wrapper.sh fuzz); a replayer in ordinary builds.
        .executableTarget(name: "unfold-fuzz", dependencies: ["LabelsFileProperties"], swiftSettings: swiftSettings),
        // The widgets from C, as a C program sees them: by GType name, with
        // properties and notify (WidgetTests runs it).
        .executableTarget(name: "unfold-widgets-check", dependencies: ["UnfoldWidgets", "CGtk"], cSettings: cSettings),
        // GTK and libadwaita alone, in C: what unfold-bench measures Unfold against.
        .executableTarget(name: "unfold-reference", dependencies: ["CAdw"], cSettings: cSettings),
        .testTarget(name: "CoreTests", dependencies: ["UnfoldCore", "LabelsFileProperties", "ChildProcessTestSupport"], exclude: ["fold_reference.py", "search_oracle.py"], swiftSettings: swiftSettings),
        .testTarget(
            name: "WidgetTests",
            dependencies: ["Gtk", "CAdw", "GtkTestSupport", "ChildProcessTestSupport", "UnfoldCore", "UnfoldWidgets", "UnfoldApp"],
            exclude: ["atspi_driver.py", "pseudo_locale.py", "locale_facts.py"],
            swiftSettings: swiftSettings
        ),
    ]
)
