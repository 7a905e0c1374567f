// SPDX-License-Identifier: LGPL-2.1-or-later
/// A GtkDrawingArea's draw function as a Swift closure, released when the
/// area replaces it or is finalized.
@MainActor
public enum Drawing {
    public typealias Draw = @MainActor (_ cairo: OpaquePointer, _ width: Int32, _ height: Int32) -> Void

    public static func setDrawFunction(_ area: WidgetPointer, _ draw: @escaping Draw) {
        let trampoline: GtkDrawingAreaDrawFunc = { _, cairo, width, height, data in
            MainActor.assumeIsolated { ClosureBox<Draw>.from(data).body(cairo!, width, height) }
        }
        gtk_drawing_area_set_draw_func(gCast(area), trampoline, ClosureBox(draw).retainedPointer()) { data in
            Unmanaged<AnyObject>.fromOpaque(data!).release()
        }
    }
}
