// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import UnfoldGtk
import UnfoldCore

/// Runs this program once per renderer (`--renderer gl`, then `cairo`), each
/// printing its part of the table; their JSON files are merged into `json`.
@MainActor
func measureWithEachRenderer(_ arguments: [String], json: String?) -> Int32 {
    var status: Int32 = 0
    var rows: [Row] = []
    for renderer in ["gl", "cairo"] {
        var childArguments = arguments
        var childJSON: String?
        if let json, let index = childArguments.firstIndex(of: "--json") {
            childJSON = json + "." + renderer
            childArguments[index + 1] = childJSON!
        }
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        child.arguments = childArguments + ["--renderer", renderer]
        do { try child.run() } catch {
            FileHandle.standardError.write(Data("unfold-bench: \(error)\n".utf8))
            return 1
        }
        child.waitUntilExit()
        if child.terminationStatus != 0 { status = child.terminationStatus }
        if let childJSON, let data = FileManager.default.contents(atPath: childJSON),
           let part = try? JSONDecoder().decode([Row].self, from: data) {
            rows += part
            try? FileManager.default.removeItem(atPath: childJSON)
        }
    }
    if let json {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        guard let data = try? encoder.encode(rows), FileManager.default.createFile(atPath: json, contents: data) else {
            FileHandle.standardError.write(Data("unfold-bench: cannot write \(json)\n".utf8))
            return 1
        }
    }
    return status
}

/// The rows measured on whole processes: Unfold's application against
/// `unfold-reference`, same window, same chrome, same keys.
@MainActor
func measureProcesses(quick: Bool, renderer: String, programs: Programs, selected: (String) -> Bool,
                      plotPath: String?, report: (Row) -> Void) throws {
    if selected("reveal") {
        for groups in quick ? [1] : [1, 200] {
            let copies = groups == 1 ? [] : ["--groups", "\(groups)"]
            let (ours, gtk) = try alternating(rounds: quick ? 1 : 3) {
                try ProcessBench.reveal(programs.ours(copies + ["--page", "reveal"]), name: "Unfold", renderer: renderer, runs: 2)
            } gtk: {
                try ProcessBench.reveal(programs.gtk(["reveal", "\(groups)"]), name: "GTK", renderer: renderer, runs: 2)
            }
            let name = groups == 1 ? "reveal: demo hierarchy" : "reveal: \(groups) hierarchies, first toggled"
            report(Row(benchmark: "\(name), whole process per expand+collapse", unit: "CPU ms", ours: Summary(ours.flatMap { $0 }),
                       gtk: Summary(gtk.flatMap { $0 }), gtkWidget: "GtkRevealer + CSS chevron", target: .ratio(1.0)))
        }
    }
    if selected("collection") {
        let reduceMotion = ProcessInfo.processInfo.environment["XRM"] != nil ? ["--reduce-motion"] : []
        let (oursRounds, gtkRounds) = try alternating(rounds: quick ? 1 : 3) {
            try ProcessBench.abChange(programs.ours(["--page", "collection"] + reduceMotion), name: "Unfold", renderer: renderer, runs: 2)
        } gtk: {
            try ProcessBench.abChange(programs.gtk(["sample"]), name: "GTK", renderer: renderer, runs: 2)
        }
        let ours = ProcessBench.Painting(merging: oursRounds), gtk = ProcessBench.Painting(merging: gtkRounds)
        report(Row(benchmark: "collection: a/b change, whole process per painted frame", unit: "CPU ms", ours: Summary(ours.perFrame),
                   gtk: Summary(gtk.perFrame), gtkWidget: "GtkFilterListModel+GtkListView", target: .ratio(1.0)))
        report(Row(benchmark: "collection: a/b change, frames painted", unit: "frames", ours: Summary(ours.frames),
                   gtk: Summary(gtk.frames), gtkWidget: "GtkFilterListModel+GtkListView"))
        report(Row(benchmark: "collection: a/b change, whole process", unit: "CPU ms", ours: Summary(ours.total),
                   gtk: Summary(gtk.total), gtkWidget: "GtkFilterListModel+GtkListView"))
    }
    // Issue 23's growth family: one file a size, opened and typed into by
    // each; under GL only (what users get by default), since GTK's list takes
    // minutes at ten million labels.
    if selected("growth") && renderer == "gl" {
        let sizes = quick ? [2_000, 20_000] : [100_000, 1_000_000, 3_000_000, 10_000_000]
        // A wide first key, a narrower one, a deletion, back to everything,
        // and a query every synthetic title matches (they all have a space).
        let keys = ["a", "m", "BackSpace", "BackSpace", "space", "BackSpace"]
        let widget = "GtkStringList+GtkFilterListModel+GtkListView (TSV)"
        var points: [GrowthPoint] = []
        for labels in sizes {
            // The largest also as JSON: what opening it costs beside the TSV.
            let withJSON = labels == sizes.last
            let files = try LabelFiles(count: labels, json: withJSON)
            defer { files.remove() }
            let patience = max(30, Double(labels) / 150_000)
            let ours = try ProcessBench.typing(programs.ours(["--labels", files.tsv]), name: "Unfold", renderer: renderer,
                                               total: labels, keys: keys, patience: patience)
            // GTK's filter takes minutes a key at ten million labels: a key
            // that outlasts a minute and a half counts as that (a lower bound),
            // and its list is typed into no further.
            let gtk = try ProcessBench.typing(programs.gtk(["labels", files.tsv]), name: "GTK", renderer: renderer,
                                              total: labels, keys: keys, patience: patience, cap: 90)
            let name = "growth: \(GrowthPoint.name(labels)) labels"
            let widget = gtk.cappedKey.map { "\(widget); its “\($0)” took over 90 s, typing stopped: lower bounds" } ?? widget
            // Which key is the slow one is what a worst key's figure cannot say.
            for (side, typing) in [("Unfold", ours), ("GTK", gtk)] {
                let each = zip(keys, typing.keyLatencies).map { "\($0) \(String(format: "%.0f", $1))" }
                FileHandle.standardError.write(Data("\(name), \(side)'s keys (ms): \(each.joined(separator: ", "))\n".utf8))
            }
            // Issue 23: every key within 50 ms at a million labels, 150 ms at ten million.
            let keyTarget: Row.Target? = labels == 1_000_000 ? .ours(50) : labels == 10_000_000 ? .ours(150) : nil
            report(Row(benchmark: "\(name), to a usable window", unit: "ms", ours: Summary([ours.load]), gtk: Summary([gtk.load]),
                       gtkWidget: widget))
            report(Row(benchmark: "\(name), peak RSS", unit: "MB", ours: Summary([ours.peakResident]),
                       gtk: Summary([gtk.peakResident]), gtkWidget: widget, target: labels == 10_000_000 ? .ratio(0.5) : nil))
            if withJSON {
                let json = try ProcessBench.typing(programs.ours(["--labels", files.json]), name: "Unfold (JSON)", renderer: renderer,
                                                   total: labels, keys: [], patience: patience)
                report(Row(benchmark: "\(name) from JSON, to a usable window", unit: "ms", ours: Summary([json.load]),
                           gtk: Summary([gtk.load]), gtkWidget: widget))
                report(Row(benchmark: "\(name) from JSON, peak RSS", unit: "MB", ours: Summary([json.peakResident]),
                           gtk: Summary([gtk.peakResident]), gtkWidget: widget, target: labels == 10_000_000 ? .ratio(0.6) : nil))
            }
            report(Row(benchmark: "\(name), median key", unit: "ms", ours: Summary([percentile(ours.keyLatencies, 0.5)]),
                       gtk: Summary([percentile(gtk.keyLatencies, 0.5)]), gtkWidget: widget))
            report(Row(benchmark: "\(name), 95th-percentile key", unit: "ms", ours: Summary([percentile(ours.keyLatencies, 0.95)]),
                       gtk: Summary([percentile(gtk.keyLatencies, 0.95)]), gtkWidget: widget))
            report(Row(benchmark: "\(name), worst key", unit: "ms", ours: Summary([ours.keyLatencies.max() ?? .nan]),
                       gtk: Summary([gtk.keyLatencies.max() ?? .nan]), gtkWidget: widget, target: keyTarget))
            points.append(GrowthPoint(labels: labels, ours: ours, gtk: gtk))
        }
        if let plotPath { try GrowthPlot.write(points, to: plotPath) }
    }
    // Issue 23's memory and keys by script, under both renderers: GL, what
    // GTK 4.8 chooses by default, and cairo, what Unfold chooses where
    // OpenGL draws in software (RendererChoice), as on this machine.
    if selected("scripts") {
        let sizes = quick ? [20_000] : [1_000_000, 10_000_000]
        let widget = "GtkStringList+GtkFilterListModel+GtkListView (TSV)"
        let oursBase = try ProcessBench.baseline(programs.ours(["--page", "collection"]), name: "Unfold", renderer: renderer)
        let gtkBase = try ProcessBench.baseline(programs.gtk(["sample"]), name: "GTK", renderer: renderer)
        report(Row(benchmark: "scripts: baseline, 4 labels, peak RSS", unit: "MB", ours: Summary([oursBase]), gtk: Summary([gtkBase]),
                   gtkWidget: "GtkFilterListModel+GtkListView"))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-bench-scripts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for corpus in try ScriptsBench.corpora() {
            for labels in sizes {
                let path = directory.appendingPathComponent("labels.tsv").path
                let (text, textAndFold, fileBytes) = try ScriptsBench.write(corpus, count: labels, to: path)
                defer { try? FileManager.default.removeItem(atPath: path) }
                let patience = max(30, Double(labels) / 50_000)
                let ours = try ProcessBench.typing(programs.ours(["--labels", path]), name: "Unfold", renderer: renderer,
                                                   total: labels, keys: corpus.keys, patience: patience)
                // As in the growth family: a GTK key that outlasts 90 s ends its typing.
                let gtk = try ProcessBench.typing(programs.gtk(["labels", path]), name: "GTK", renderer: renderer,
                                                  total: labels, keys: corpus.keys, patience: patience, cap: 90)
                let name = "scripts: \(corpus.name), \(GrowthPoint.name(labels)) labels"
                let typedWidget = gtk.cappedKey.map { "\(widget); its “\($0)” took over 90 s, typing stopped: lower bounds" } ?? widget
                for (side, typing) in [("Unfold", ours), ("GTK", gtk)] {
                    let each = zip(corpus.keys, typing.keyLatencies).map { "\($0) \(String(format: "%.0f", $1))" }
                    FileHandle.standardError.write(Data("\(name), \(side)'s keys (ms): \(each.joined(separator: ", "))\n".utf8))
                }
                report(Row(benchmark: "\(name), median key", unit: "ms", ours: Summary([percentile(ours.keyLatencies, 0.5)]),
                           gtk: Summary([percentile(gtk.keyLatencies, 0.5)]), gtkWidget: typedWidget))
                report(Row(benchmark: "\(name), worst key", unit: "ms", ours: Summary([ours.keyLatencies.max() ?? .nan]),
                           gtk: Summary([gtk.keyLatencies.max() ?? .nan]), gtkWidget: typedWidget,
                           target: labels == 1_000_000 ? .ours(50) : labels == 10_000_000 ? .ours(150) : nil))
                report(Row(benchmark: "\(name), peak RSS", unit: "MB", ours: Summary([ours.peakResident]),
                           gtk: Summary([gtk.peakResident]), gtkWidget: widget))
                // Loaded, before typing (whose fonts and kept results are not
                // the labels'), over each program's own baseline, less the
                // titles' text; and less the text and the folds of those not
                // ASCII (issue 23's measure: what a store that keeps a fold
                // beside each title must hold, as Unfold's did; GTK's list
                // keeps no fold).
                let perLabel = { (typing: ProcessBench.Typing, base: Double, less: Int) in
                    (typing.peakResidentLoaded - base) * 1_048_576 / Double(labels) - Double(less) / Double(labels)
                }
                report(Row(benchmark: "\(name), bytes per label beyond the text", unit: "bytes",
                           ours: Summary([perLabel(ours, oursBase, text)]), gtk: Summary([perLabel(gtk, gtkBase, text)]),
                           gtkWidget: widget))
                report(Row(benchmark: "\(name), bytes per label beyond the text and its fold", unit: "bytes",
                           ours: Summary([perLabel(ours, oursBase, textAndFold)]), gtk: Summary([perLabel(gtk, gtkBase, textAndFold)]),
                           gtkWidget: widget, target: corpus.name == "ASCII" ? nil : .ours(16)))
                report(Row(benchmark: "\(name), text and fold per label", unit: "bytes",
                           ours: Summary([Double(textAndFold) / Double(labels)]), gtk: Summary([Double(fileBytes) / Double(labels)]),
                           gtkWidget: "the file itself, per label"))
            }
        }
    }
    if selected("filter") || selected("memory") {
        let labels = quick ? 20_000 : 1_000_000
        let files = try LabelFiles(count: labels)
        defer { files.remove() }
        let keys = ["a", "m", "b", "BackSpace", "BackSpace", "BackSpace", "e", "BackSpace"]
        let tsv = try ProcessBench.typing(programs.ours(["--labels", files.tsv]), name: "Unfold (TSV)", renderer: renderer, total: labels, keys: keys)
        let json = try ProcessBench.typing(programs.ours(["--labels", files.json]), name: "Unfold (JSON)", renderer: renderer, total: labels, keys: keys)
        let gtk = try ProcessBench.typing(programs.gtk(["labels", files.tsv]), name: "GTK", renderer: renderer, total: labels, keys: keys)
        let widget = "GtkStringList+GtkFilterListModel+GtkListView (TSV)"
        let count = labels == 1_000_000 ? "1M" : "\(labels / 1000)k"
        report(Row(benchmark: "labels: \(count) from TSV, to a usable window", unit: "ms", ours: Summary([tsv.load]), gtk: Summary([gtk.load]),
                   gtkWidget: widget, target: .ratio(1.0)))
        report(Row(benchmark: "labels: \(count) from JSON, to a usable window", unit: "ms", ours: Summary([json.load]), gtk: Summary([gtk.load]),
                   gtkWidget: widget, target: .ratio(1.2)))
        report(Row(benchmark: "labels: \(count) from TSV, peak RSS", unit: "MB", ours: Summary([tsv.peakResident]), gtk: Summary([gtk.peakResident]),
                   gtkWidget: widget, target: .ratio(1.0)))
        report(Row(benchmark: "labels: \(count) from JSON, peak RSS", unit: "MB", ours: Summary([json.peakResident]), gtk: Summary([gtk.peakResident]),
                   gtkWidget: widget, target: .ratio(1.2)))
        let both = tsv.keyLatencies + json.keyLatencies
        report(Row(benchmark: "labels: \(count), worst key to final count", unit: "ms", ours: Summary([both.max() ?? .nan]),
                   gtk: Summary([gtk.keyLatencies.max() ?? .nan]), gtkWidget: widget, target: .ours(150)))
        report(Row(benchmark: "labels: \(count), 95th-percentile key to final count", unit: "ms", ours: Summary([percentile(both, 0.95)]),
                   gtk: Summary([percentile(gtk.keyLatencies, 0.95)]), gtkWidget: widget, target: .ours(150)))
        report(Row(benchmark: "labels: \(count), median key to final count", unit: "ms", ours: Summary([percentile(both, 0.5)]),
                   gtk: Summary([percentile(gtk.keyLatencies, 0.5)]), gtkWidget: widget))
        report(Row(benchmark: "labels: \(count), 95th-percentile frame work typing", unit: "CPU ms", ours: Summary([percentile(tsv.frameWork + json.frameWork, 0.95)]),
                   gtk: Summary([percentile(gtk.frameWork, 0.95)]), gtkWidget: widget, target: .ours(8)))
        // The same for four labels: what starting the program takes.
        let small = try LabelFiles(count: 4)
        defer { small.remove() }
        let runs = quick ? 1 : 3
        let oursStart = try (0..<runs).map { _ in
            try ProcessBench.load(programs.ours(["--labels", small.tsv]), name: "Unfold", renderer: renderer, total: 4)
        }
        let gtkStart = try (0..<runs).map { _ in try ProcessBench.load(programs.gtk(["labels", small.tsv]), name: "GTK", renderer: renderer, total: 4) }
        report(Row(benchmark: "labels: 4 from TSV, to a usable window", unit: "ms", ours: Summary(oursStart), gtk: Summary(gtkStart),
                   gtkWidget: widget))
        // What each further label costs: the peak over the app's own with the tutorial's four.
        let oursBase = try ProcessBench.baseline(programs.ours(["--page", "collection"]), name: "Unfold", renderer: renderer)
        let gtkBase = try ProcessBench.baseline(programs.gtk(["sample"]), name: "GTK", renderer: renderer)
        report(Row(benchmark: "memory: baseline, 4 labels, peak RSS", unit: "MB", ours: Summary([oursBase]), gtk: Summary([gtkBase]),
                   gtkWidget: "GtkFilterListModel+GtkListView"))
        report(Row(benchmark: "memory: per label over the baseline (TSV)", unit: "bytes",
                   ours: Summary([(tsv.peakResident - oursBase) * 1_048_576 / Double(labels)]),
                   gtk: Summary([(gtk.peakResident - gtkBase) * 1_048_576 / Double(labels)]), gtkWidget: widget))
        report(Row(benchmark: "memory: file size per label (TSV)", unit: "bytes", ours: Summary([files.tsvBytesPerLabel]),
                   gtk: Summary([files.tsvBytesPerLabel]), gtkWidget: "the file itself"))
    }
}

/// Runs each side `rounds` times, a fresh process each time, in the order
/// ours, GTK's, GTK's, ours, …: the machine is shared, its load drifts over a
/// run, and a side measured wholly before the other would take all of one
/// stretch of it. Returns each side's results, round by round.
func alternating<T>(rounds: Int, ours: () throws -> T, gtk: () throws -> T) throws -> (ours: [T], gtk: [T]) {
    var results: (ours: [T], gtk: [T]) = ([], [])
    for round in 0..<rounds {
        if round % 2 == 0 {
            results.ours.append(try ours())
            results.gtk.append(try gtk())
        } else {
            results.gtk.append(try gtk())
            results.ours.append(try ours())
        }
    }
    return results
}

/// The value below which `fraction` of the samples lie (nearest rank).
func percentile(_ samples: [Double], _ fraction: Double) -> Double {
    let sorted = samples.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
}

/// The same generated labels written as TSV and as JSON, in a temporary directory.
struct LabelFiles {
    let directory: URL
    let tsv: String
    let json: String
    let tsvBytesPerLabel: Double

    /// `json`: whether to write the JSON file beside the TSV.
    init(count: Int, json writesJSON: Bool = true) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-bench-labels-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let records = LabelCollection.synthetic(count: count).records
        tsv = directory.appendingPathComponent("labels.tsv").path
        json = directory.appendingPathComponent("labels.json").path
        let tsvText = LabelsFile.tsv(records)!
        try tsvText.write(toFile: tsv, atomically: false, encoding: .utf8)
        if writesJSON { try LabelsFile.json(records).write(toFile: json, atomically: false, encoding: .utf8) }
        tsvBytesPerLabel = Double(tsvText.utf8.count) / Double(count)
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}
