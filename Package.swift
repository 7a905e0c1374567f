// SPDX-License-Identifier: GPL-3.0-or-later
// swift-tools-version:6.0
import PackageDescription

// Unfold depends on nothing but the Swift toolchain and Debian's GTK 4 and libadwaita.

// The test command builds with UNFOLD_STRICT set: a compiler warning is an
// error there, so a new one fails the run. (Only there: a user's newer
// compiler may warn about what this one does not, and should still build.)
let strict = Context.environment["UNFOLD_STRICT"] != nil
let swiftSettings: [SwiftSetting] = strict ? [.unsafeFlags(["-warnings-as-errors"])] : []
// Debug information in DWARF 4, as Swift writes it: Debian 12's valgrind
// (3.19) gives up on an executable whose C parts are clang's DWARF 5.
let cSettings: [CSetting] = [.unsafeFlags(["-gdwarf-4"], .when(configuration: .debug))]
    + (strict ? [.unsafeFlags(["-Werror"])] : [])

let package = Package(
    name: "Unfold",
    products: [
        .executable(name: "unfold", targets: ["unfold"]),
        // The widgets, for other Swift packages: `import UnfoldWidgets` (and
        // `UnfoldGtk`, the layer over GTK's C API they speak, which they do not
        // re-export), then `UnfoldTypes.register()` and GtkBuilder find them.
        .library(name: "UnfoldWidgets", targets: ["UnfoldWidgets"]),
        // libunfold-1.so: the widgets for C and every language GTK speaks
        // through GObject introspection. meson.build names it .so.0 and
        // installs it beside its headers, pkg-config file, GIR and VAPI.
        .library(name: "unfold-1", type: .dynamic, targets: ["UnfoldCAPI"]),
        .executable(name: "unfold-bench", targets: ["unfold-bench"]),
        .executable(name: "unfold-bench-app", targets: ["unfold-bench-app"]),
        .executable(name: "unfold-fuzz", targets: ["unfold-fuzz"]),
        .executable(name: "unfold-reference", targets: ["unfold-reference"]),
    ],
    targets: [
        // The C surface of GTK 4, plus small C helpers for what Swift cannot call
        // (variadic functions, function-like macros).
        .systemLibrary(
            name: "CUnfoldGtk",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        // GNOME's platform library, for the application shell only.
        .systemLibrary(
            name: "CUnfoldAdw",
            pkgConfig: "libadwaita-1",
            providers: [.apt(["libadwaita-1-dev"])]
        ),
        // libepoxy, GTK's own OpenGL loader: the app asks it whether OpenGL
        // draws in software before choosing GTK's renderer (RendererChoice).
        .systemLibrary(
            name: "CUnfoldGL",
            pkgConfig: "epoxy",
            providers: [.apt(["libepoxy-dev"])]
        ),
        // A thin Swift layer over the C API: handles, signals, GType subclassing, settings.
        .target(name: "UnfoldGtk", dependencies: ["CUnfoldGtk"], swiftSettings: swiftSettings),
        // Pure Swift, no GTK: the motion the widgets follow (curves, timed
        // values, the animated column's layout) — the library's maths, apart
        // from the app's labels.
        // Its generic layout is specialized for the widgets' keys where they
        // use it (across the module boundary), not run through witness tables.
        .target(name: "UnfoldMotion",
                swiftSettings: swiftSettings + [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]),
        // Pure Swift, no GTK: the app's labels (files, folding, filtering).
        .target(name: "UnfoldCore", dependencies: ["CUnfoldScan"], swiftSettings: swiftSettings),
        // The labels' substring scan, sixteen bytes at a time (SSE2 intrinsics,
        // which Swift's SIMD types compile lane by lane).
        .target(name: "CUnfoldScan", cSettings: cSettings + [.unsafeFlags(["-O2"])]),
        // GTK widgets written in Swift, as GTypes.
        .target(name: "UnfoldWidgets", dependencies: ["UnfoldGtk", "UnfoldMotion"], swiftSettings: swiftSettings),
        // libunfold's public headers (include/, installed as include/unfold-1)
        // and what of it is written in C.
        .target(name: "CUnfold", dependencies: ["CUnfoldGtk"],
                exclude: ["meson.build", "unfold-1.pc.in", "Unfold-1.metadata"],
                cSettings: cSettings + [.define("UNFOLD_COMPILATION")]),
        // libunfold's C API over the widgets. Its link makes the shared
        // library: only unfold_* exported (the version script), the Swift
        // runtime linked in and hidden, so C, Python or a Swift program with a
        // runtime of its own load it without the toolchain.
        .target(name: "UnfoldCAPI", dependencies: ["CUnfold", "UnfoldGtk", "UnfoldWidgets"],
                exclude: ["libunfold.map"],
                // C calls in with raw pointers from GTK's thread, which each
                // function checks at run time (API.call): Swift 6's static
                // isolation checking has nothing to check at this boundary.
                swiftSettings: swiftSettings + [.swiftLanguageMode(.v5)],
                linkerSettings: [.unsafeFlags([
                    "-static-stdlib",
                    "-Xlinker", "--version-script=\(Context.packageDirectory)/Sources/UnfoldCAPI/libunfold.map",
                    "-Xlinker", "-soname=libunfold-1.so.0",
                ])]),
        // Compiles data/unfold.gresource.xml into the target that uses it.
        .plugin(name: "GResourcePlugin", capability: .buildTool(), path: "Sources/GResourcePlugin"),
        // What the application does differently on each GTK and libadwaita
        // release, in C: chosen by their version macros, which Swift cannot read.
        .target(name: "CUnfoldAppCompat", dependencies: ["CUnfoldAdw"], cSettings: cSettings),
        // The application: pages, windows, command line.
        .target(name: "UnfoldApp", dependencies: ["UnfoldGtk", "CUnfoldAdw", "CUnfoldAppCompat", "CUnfoldGL", "UnfoldCore", "UnfoldMotion", "UnfoldWidgets"],
                swiftSettings: swiftSettings, plugins: ["GResourcePlugin"]),
        .executableTarget(name: "unfold", dependencies: ["UnfoldApp"], swiftSettings: swiftSettings),
        // What only tests and measurements use: GTK's accessible checks, turning the main loop.
        .systemLibrary(name: "CUnfoldGtkTestSupport", pkgConfig: "gtk4"),
        .target(name: "UnfoldGtkTestSupport", dependencies: ["UnfoldGtk", "CUnfoldGtkTestSupport"], swiftSettings: swiftSettings),
        // Processes the tests start: output in files of their own, ended with
        // their test, killed with the runner, a hang told from slowness.
        .target(name: "ChildProcessTestSupport", swiftSettings: swiftSettings),
        // Measures Unfold against GTK's own widgets doing the same work, in one run.
        .executableTarget(name: "unfold-bench",
                          dependencies: ["UnfoldGtk", "UnfoldGtkTestSupport", "UnfoldCore", "UnfoldMotion", "UnfoldWidgets", "UnfoldApp"],
                          swiftSettings: swiftSettings),
        // Unfold's application as `unfold` runs it, reporting each painted
        // frame to unfold-bench; like `unfold`, without Foundation.
        .executableTarget(name: "unfold-bench-app", dependencies: ["UnfoldGtk", "UnfoldCore", "UnfoldMotion", "UnfoldApp"], swiftSettings: swiftSettings),
        // What must hold for any input to the labels-file parser, shared by the
        // fuzzer and the test that replays everything it ever kept.
        .target(name: "LabelsFileProperties", dependencies: ["UnfoldCore"], swiftSettings: swiftSettings),
        // libFuzzer target (meson-wrapper.sh fuzz); a replayer in ordinary builds.
        .executableTarget(name: "unfold-fuzz", dependencies: ["LabelsFileProperties"], swiftSettings: swiftSettings),
        // A Swift widget implementation derived from another, which must be
        // refused at registration (GObjectTypeTests runs it in a process of its own).
        .executableTarget(name: "unfold-registration-probe", dependencies: ["UnfoldGtk"], swiftSettings: swiftSettings),
        // GTK and libadwaita alone, in C: what unfold-bench measures Unfold against.
        .executableTarget(name: "unfold-reference", dependencies: ["CUnfoldAdw"], cSettings: cSettings),
        .testTarget(name: "MotionTests", dependencies: ["UnfoldMotion", "UnfoldCore"], swiftSettings: swiftSettings),
        .testTarget(name: "CoreTests", dependencies: ["UnfoldCore", "CUnfoldScan", "UnfoldMotion", "LabelsFileProperties", "ChildProcessTestSupport"], exclude: ["fold_reference.py", "search_oracle.py"], swiftSettings: swiftSettings),
        .testTarget(
            name: "WidgetTests",
            dependencies: ["UnfoldGtk", "CUnfoldAdw", "UnfoldGtkTestSupport", "ChildProcessTestSupport", "UnfoldCore", "UnfoldMotion", "UnfoldWidgets", "UnfoldApp"],
            exclude: ["atspi_driver.py", "atspi_list_copy.py", "pseudo_locale.py", "locale_facts.py", "drag_source.py", "orca_walk.py", "wayland_session.py", "Transcripts"],
            swiftSettings: swiftSettings
        ),
    ]
)
