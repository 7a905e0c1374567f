// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PackagePlugin

/// Compiles `data/unfold.gresource.xml` with GLib's resource compiler and
/// hands the result to the target as a Swift source (`CompiledResources.bytes`,
/// base64), since SwiftPM compiles no C a plugin generates. The app registers
/// it at startup: its files are then at `resource:///io/github/unfold/Unfold/…`.
@main
struct GResourcePlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let data = context.package.directoryURL.appendingPathComponent("data")
        let manifest = data.appendingPathComponent("unfold.gresource.xml")
        let work = context.pluginWorkDirectoryURL
        let compiled = work.appendingPathComponent("unfold.gresource")
        let source = work.appendingPathComponent("CompiledResources.swift")
        // Every file the manifest names is an input: changing one rebuilds.
        let text = try String(contentsOf: manifest, encoding: .utf8)
        let files = text.components(separatedBy: "<file").dropFirst().compactMap { entry -> URL? in
            guard let start = entry.firstIndex(of: ">"), let end = entry.range(of: "</file>") else { return nil }
            return data.appendingPathComponent(String(entry[entry.index(after: start)..<end.lowerBound]))
        }
        let script = """
            set -e
            glib-compile-resources --sourcedir='\(data.path)' --target='\(compiled.path)' '\(manifest.path)'
            { printf '// Generated from data/unfold.gresource.xml.\\nenum CompiledResources {\\n    static let base64 = "'
              base64 -w0 '\(compiled.path)'
              printf '"\\n}\\n'; } > '\(source.path)'
            """
        return [.buildCommand(displayName: "Compiling data/unfold.gresource.xml",
                              executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", script],
                              inputFiles: [manifest] + files, outputFiles: [source])]
    }
}
