// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import UnfoldGtk
import XCTest

/// An offscreen rendering of a widget, as GTK's reftests make them.
@MainActor
struct Rendering {
    let width: Int
    let height: Int
    /// Premultiplied BGRA bytes, as `gdk_texture_download` gives them.
    private let pixels: [UInt8]

    init(_ widget: WidgetPointer, savingTo path: String? = nil) throws {
        width = Int(gtk_widget_get_width(widget))
        height = Int(gtk_widget_get_height(widget))
        let paintable = gtk_widget_paintable_new(widget)!
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        let snapshot = gtk_snapshot_new()!
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        guard let node = gtk_snapshot_free_to_node(snapshot) else {
            throw RenderingError.nothingDrawn
        }
        defer { gsk_render_node_unref(node) }
        let renderer = gsk_cairo_renderer_new()!
        defer { g_object_unref(UnsafeMutableRawPointer(renderer)) }
        var error: UnsafeMutablePointer<GError>?
        guard gsk_renderer_realize(renderer, nil, &error) != 0 else {
            defer { g_error_free(error) }
            throw RenderingError.renderer(String(cString: error!.pointee.message))
        }
        defer { gsk_renderer_unrealize(renderer) }
        var viewport = graphene_rect_t(origin: .init(x: 0, y: 0), size: .init(width: Float(width), height: Float(height)))
        let texture = gsk_renderer_render_texture(renderer, node, &viewport)!
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        if let path { gdk_texture_save_to_png(texture, path) }
        let stride = gsize(width * 4)
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        bytes.withUnsafeMutableBufferPointer { gdk_texture_download(texture, $0.baseAddress, stride) }
        pixels = bytes
    }

    enum RenderingError: Error { case nothingDrawn, renderer(String) }

    /// Whether `other` is the same picture, pixel for pixel.
    func isSamePicture(as other: Rendering) -> Bool {
        width == other.width && height == other.height && pixels == other.pixels
    }

    /// How many pixels hold paint of any colour, at least a quarter opaque.
    var paintedCount: Int {
        stride(from: 3, to: pixels.count, by: 4).filter { pixels[$0] >= 64 }.count
    }

    /// Whether the pixel holds ink: something opaque and dark (text, icons).
    func isInk(x: Int, y: Int) -> Bool {
        let i = (y * width + x) * 4
        let (b, g, r, a) = (Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]), Int(pixels[i + 3]))
        return a > 96 && (r + g + b) * 255 / max(a, 1) < 3 * 128
    }

    /// The pixel's colour, unpremultiplied, 0…255 each.
    func color(x: Int, y: Int) -> (red: Int, green: Int, blue: Int, alpha: Int) {
        let i = (y * width + x) * 4
        let alpha = Int(pixels[i + 3])
        func straight(_ value: UInt8) -> Int { alpha == 0 ? 0 : Int(value) * 255 / alpha }
        return (straight(pixels[i + 2]), straight(pixels[i + 1]), straight(pixels[i]), alpha)
    }

    /// The horizontal bands of rows that contain ink: one per line of text.
    func inkBands() -> [ClosedRange<Int>] {
        var bands: [ClosedRange<Int>] = []
        var bandStart: Int?
        for y in 0..<height {
            let hasInk = (0..<width).contains { isInk(x: $0, y: y) }
            if hasInk, bandStart == nil { bandStart = y }
            if !hasInk, let start = bandStart { bands.append(start...(y - 1)); bandStart = nil }
        }
        if let start = bandStart { bands.append(start...(height - 1)) }
        return bands
    }
}

/// Where tests leave the images they render, for a person to look at.
func artifactPath(_ name: String) -> String {
    let directory = ProcessInfo.processInfo.environment["UNFOLD_TEST_ARTIFACTS"]
        ?? FileManager.default.temporaryDirectory.appendingPathComponent("unfold-test-artifacts").path
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    return (directory as NSString).appendingPathComponent(name)
}
