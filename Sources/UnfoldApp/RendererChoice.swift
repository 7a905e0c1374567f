// SPDX-License-Identifier: GPL-3.0-or-later
import UnfoldGtk
import CUnfoldGL

/// Which of GTK's renderers draws Unfold's windows, where the user has not said.
///
/// GTK 4.8 draws with OpenGL wherever OpenGL works, even where that OpenGL is
/// Mesa's software rasterizer (llvmpipe: a virtual machine, a machine whose GPU
/// has no driver, Xvfb). There its GL renderer redraws the whole window on the
/// CPU at every frame, since such drivers do not tell it what the last frame
/// left on screen: 35–40 ms of CPU for each frame of the Collection page's
/// fades on two cores, where GTK's cairo renderer redraws only what changed in
/// 1–3 ms. A key typed into a million labels then waits 30–75 ms for its
/// frame, instead of 10–30. GTK 4.18 still draws a window with its GL
/// renderer over llvmpipe (a plain GTK window under Xvfb on Debian 13 gets a
/// GskGLRenderer), so Unfold makes that choice for its display on every GTK.
///
/// `GSK_RENDERER`, when set, is the user's choice and is left alone. Where
/// OpenGL does not work at all GTK would fall back to cairo by itself, after
/// trying OpenGL again for each window and saying on stderr that it failed.
@MainActor
enum RendererChoice {
    enum Decision: Equatable {
        /// GSK_RENDERER names the renderer.
        case environment(String)
        /// No OpenGL on this display (why): cairo, chosen for the display.
        case noOpenGL(String)
        /// A GPU draws OpenGL (its name): GTK's GL renderer is the fast one.
        case hardware(String)
        /// Mesa draws OpenGL on the CPU (its name): cairo, chosen for the display.
        case software(String)
    }

    /// How Mesa names its rasterizers that run on the CPU, in GL_RENDERER
    /// ("llvmpipe (LLVM 15.0.6, 256 bits)", "softpipe", "Software Rasterizer").
    static let softwareRasterizers = ["llvmpipe", "softpipe", "swrast", "Software Rasterizer"]

    static func isSoftware(openGLRenderer name: String) -> Bool {
        let name = name.lowercased()
        return softwareRasterizers.contains { name.contains($0.lowercased()) }
    }

    /// What to do, from `GSK_RENDERER` and from who draws this display's
    /// OpenGL (asked only when the environment leaves it open).
    static func decide(environment: String?, openGLRenderer: () -> Result<String, ProbeFailure>) -> Decision {
        if let environment, !environment.isEmpty { return .environment(environment) }
        switch openGLRenderer() {
        case .failure(let failure): return .noOpenGL(failure.reason)
        case .success(let name): return isSoftware(openGLRenderer: name) ? .software(name) : .hardware(name)
        }
    }

    struct ProbeFailure: Error {
        let reason: String
    }

    /// Before the first window is drawn: where the default display's OpenGL
    /// is software, every surface of it draws with cairo.
    static func chooseForDefaultDisplay() {
        guard let display = gdk_display_get_default() else { return }
        let decision = decide(environment: g_getenv("GSK_RENDERER").map { String(cString: $0) },
                              openGLRenderer: { openGLRenderer(of: display) })
        switch decision {
        case .environment(let name):
            unfold_log_debug("GSK_RENDERER=\(name) chooses the renderer")
        case .hardware(let name):
            unfold_log_debug("OpenGL by “\(name)”: GTK draws with it")
        case .noOpenGL(let reason):
            drawWithCairo(display)
            unfold_log_debug("no OpenGL (\(reason)): drawing with cairo")
        case .software(let name):
            drawWithCairo(display)
            unfold_log_debug("OpenGL by “\(name)” draws in software: drawing with cairo (GSK_RENDERER chooses otherwise)")
        }
        didChoose = true
    }

    /// GTK 4.8 asks a display's "gsk-renderer" before GSK_RENDERER (its
    /// inspector sets it): this display's surfaces only, so that programs
    /// Unfold starts inherit no setting of ours.
    private static func drawWithCairo(_ display: OpaquePointer) {
        g_object_set_data_full(gCast(display), "gsk-renderer", g_strdup("cairo"), g_free)
    }

    private static var didChoose = false
    private static var toldRenderer = false

    /// Says (at debug level) which renderer the first window got: what the
    /// choice came to, as tests and bug reports read it.
    static func tellRenderer(of window: UnsafeMutablePointer<GtkWidget>) {
        guard didChoose, !toldRenderer else { return }
        onSignal(window, "realize", after: true) {
            guard !toldRenderer, let renderer = gtk_native_get_renderer(OpaquePointer(window)) else { return }
            toldRenderer = true
            unfold_log_debug("windows drawn by \(typeName(of: UnsafeMutablePointer<GObject>(renderer)))")
        }
    }

    /// GL_RENDERER of a context made for `display`, or why there is none.
    private static func openGLRenderer(of display: OpaquePointer) -> Result<String, ProbeFailure> {
        var error: UnsafeMutablePointer<GError>?
        func failure(_ what: String) -> Result<String, ProbeFailure> {
            defer { g_clear_error(&error) }
            return .failure(ProbeFailure(reason: error.map { String(cString: $0.pointee.message) } ?? what))
        }
        guard gdk_display_prepare_gl(display, &error) != 0 else { return failure("GDK cannot draw OpenGL here") }
        guard let context = gdk_display_create_gl_context(display, &error) else { return failure("no OpenGL context") }
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        guard gdk_gl_context_realize(context, &error) != 0 else { return failure("the OpenGL context would not realize") }
        gdk_gl_context_make_current(context)
        defer { gdk_gl_context_clear_current() }
        guard let name = unfold_gl_renderer_name() else { return .failure(ProbeFailure(reason: "OpenGL names no renderer")) }
        return .success(String(cString: name))
    }
}
