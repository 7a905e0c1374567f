// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import UnfoldGtk
import UnfoldGtkTestSupport
import UnfoldApp
import UnfoldCore

/// unfold-bench [--quick] [--json FILE] [--only KIND]... [--renderer gl|cairo]
///
/// Compares Unfold with GTK's own widgets doing the same work, in one run, and
/// prints each as a ratio (ours / GTK's): below 1 is better. Needs a display
/// (`./meson-wrapper.sh bench` provides one). Machines are noisy: read the
/// ratios, and the medians with their interquartile ranges.
///
/// Without `--renderer` the whole table is measured twice, once with each of
/// GTK's renderers (`gl`, the default wherever OpenGL works, and `cairo`), each
/// in a process of its own (a renderer is chosen when the display opens).
let arguments = CommandLine.arguments.dropFirst()

func usage() -> Never {
    FileHandle.standardError.write(Data("usage: unfold-bench [--quick] [--json FILE] [--plot PNG] [--only reveal|filter|collection|list|scan|startup|memory|growth|scripts]... [--renderer gl|cairo]\n".utf8))
    exit(2)
}

@MainActor
func peakRSS(_ variant: String, labels: Int) -> Double {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    child.arguments = ["--memory-child", variant, "\(labels)"]
    let out = Pipe()
    child.standardOutput = out
    try? child.run()
    child.waitUntilExit()
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return (Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? .nan) / 1024  // MB
}

/// In a child process: show `labels` labels in one view, let it draw, report peak RSS (kB).
@MainActor
func memoryChild(_ variant: String, labels: Int) -> Never {
    guard gtk_init_check() != 0 else { exit(1) }
    try? AppStyle.load()
    let collection = variant.hasPrefix("list-") ? try! LabelCollection([]) : LabelCollection.synthetic(count: labels)
    let widget: WidgetPointer
    switch variant {
    case "ours": widget = CollectionPage(collection: collection).widget
    case "list-ours": widget = ListBench.oursWidget(items: labels)
    case "list-gtk": widget = ListBench.gtkWidget(items: labels)
    default: widget = GtkFilteredList(collection).widget
    }
    let window = newWindow(widget)
    let probe = FrameProbe(window)
    // Each frame asked for: a window with nothing moving paints a frame or
    // two and stops (under GL here, always), and the child then waited out
    // the whole timeout, 30 s a child, to report the same peak.
    iterate(until: {
        if probe.frames < 5 { gtk_widget_queue_draw(window) }
        return probe.frames >= 5
    }, timeout: benchTimeout)
    // Not getrusage's ru_maxrss: Linux keeps it across execve, so a child would
    // report its parent's peak. VmHWM belongs to this address space.
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let peak = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }?
        .split(separator: " ", omittingEmptySubsequences: true).dropFirst().first
    print(peak ?? "nan")
    exit(0)
}

let status: Int32 = MainActor.assumeIsolated {
    if arguments.first == "--memory-child" {
        let rest = Array(arguments.dropFirst())
        guard rest.count == 2, let labels = Int(rest[1]) else { usage() }
        memoryChild(rest[0], labels: labels)
    }
    var quick = false
    var jsonPath: String?
    /// The kinds of benchmark to run (`--only`, repeatable); all when none is named.
    let kinds: Set<String> = ["reveal", "filter", "collection", "list", "scan", "startup", "memory", "growth", "scripts"]
    /// Where the growth family's plot goes (`--plot`), if anywhere.
    var plotPath: String?
    var renderer: String?
    var only: Set<String> = []
    var remaining = Array(arguments)
    while let argument = remaining.first {
        remaining.removeFirst()
        switch argument {
        case "--quick": quick = true
        case "--json":
            guard let path = remaining.first else { usage() }
            jsonPath = path
            remaining.removeFirst()
        case "--plot":
            guard let path = remaining.first else { usage() }
            plotPath = path
            remaining.removeFirst()
        case "--renderer":
            guard let name = remaining.first, ["gl", "cairo"].contains(name) else {
                FileHandle.standardError.write(Data("unfold-bench: --renderer takes gl or cairo\n".utf8))
                usage()
            }
            renderer = name
            remaining.removeFirst()
        case "--only":
            guard let kind = remaining.first, kinds.contains(kind) else {
                FileHandle.standardError.write(Data("unfold-bench: --only takes one of \(kinds.sorted().joined(separator: ", "))\n".utf8))
                usage()
            }
            only.insert(kind)
            remaining.removeFirst()
        default:
            FileHandle.standardError.write(Data("unfold-bench: unknown option \(argument)\n".utf8))
            usage()
        }
    }
    guard let renderer else { return measureWithEachRenderer(Array(arguments), json: jsonPath) }
    setenv("GSK_RENDERER", renderer, 1)
    guard gtk_init_check() != 0 else {
        FileHandle.standardError.write(Data("unfold-bench: no display (run it with ./meson-wrapper.sh bench)\n".utf8))
        return 1
    }
    do { try AppStyle.load() } catch {
        FileHandle.standardError.write(Data("unfold-bench: \(error)\n".utf8))
        return 1
    }

    var rows: [Row] = []
    func line(_ cells: [String]) -> String {
        let widths = [6, 52, 12, 24, 24, 6, 18]
        return zip(cells, widths + [0]).map { cell, width in cell.padding(toLength: max(width, cell.count), withPad: " ", startingAt: 0) }
            .joined(separator: " ")
    }
    func report(_ row: Row) {
        var row = row
        row.renderer = renderer
        rows.append(row)
        print(line([renderer, row.benchmark, row.unit, row.ours.text, row.gtk.text, String(format: "%.2f", row.ratio), row.targetText, row.gtkWidget]))
        fflush(nil)
    }
    print(line(["render", "benchmark", "unit", "ours median [IQR]", "GTK median [IQR]", "ratio", "target", "GTK's widget"]))
    let programs = Programs()

    func selected(_ kind: String) -> Bool { only.isEmpty || only.contains(kind) }

    for (groups, runs) in quick ? [(1, 2), (20, 1)] : [(1, 10), (200, 4)] where selected("reveal") {
        let (ours, gtk) = RevealBench.run(groups: groups, runs: runs)
        let name = groups == 1 ? "reveal: demo hierarchy" : "reveal: \(groups) groups at once"
        report(Row(benchmark: "\(name), frame work", unit: "CPU ms/frame", ours: Summary(ours.work), gtk: Summary(gtk.work), gtkWidget: "GtkRevealer"))
        report(Row(benchmark: "\(name), frames delivered", unit: "of 60 Hz", ours: Summary(ours.delivered), gtk: Summary(gtk.delivered), gtkWidget: "GtkRevealer"))
    }
    for labels in quick ? [4, 1_000] : [4, 10_000, 100_000, 1_000_000] where selected("filter") {
        let collection = LabelCollection.synthetic(count: labels)
        let ours = Summary(FilterBench.ours(collection))
        report(Row(benchmark: "filter: \(labels) labels, per key", unit: "ms", ours: ours,
                   gtk: Summary(FilterBench.gtkListView(collection)), gtkWidget: "GtkFilterListModel+GtkListView"))
        if labels <= 10_000 {
            report(Row(benchmark: "filter: \(labels) labels, per key", unit: "ms", ours: ours,
                       gtk: Summary(FilterBench.gtkListBox(collection)), gtkWidget: "GtkListBox+filter func"))
        }
    }
    if selected("scan") {
        let bandwidth = ScanBench.memoryBandwidth()
        for labels in quick ? [100_000] : [1_000_000, 10_000_000] {
            let collection = LabelCollection.synthetic(count: labels)
            let scans = ScanBench.perQuery(collection, rounds: quick ? 1 : 3)
            let name = labels >= 1_000_000 ? "\(labels / 1_000_000)M" : "\(labels / 1000)k"
            // Against the time it takes only to read the same bytes from memory.
            let limit = Summary([Double(collection.searchedBytes) / bandwidth])
            let limitName = "reading its bytes at memory speed (one thread's memchr)"
            report(Row(benchmark: "scan: \(name) labels, a query read through", unit: "ms",
                       ours: Summary(scans.milliseconds), gtk: limit, gtkWidget: limitName))
            report(Row(benchmark: "scan: \(name) labels, a query matching every label", unit: "ms",
                       ours: Summary(scans.matchingEvery), gtk: limit, gtkWidget: limitName))
            report(Row(benchmark: "scan: \(name) labels, a deletion (a after am)", unit: "ms",
                       ours: Summary(ScanBench.deletion(collection, rounds: quick ? 1 : 3)), gtk: limit, gtkWidget: limitName))
            report(Row(benchmark: "scan: \(name) labels, bytes read per ms", unit: "bytes/ms",
                       ours: Summary(scans.bytesPerMillisecond), gtk: Summary([bandwidth]), gtkWidget: "memory's bandwidth (one thread's memchr)"))
        }
        // The same in each script of the scripts family, with the characters
        // its typing uses: a title's searched form is its fold, whatever its
        // script, so the rate should not depend on it.
        let corpora: [ScriptsBench.Corpus]
        do { corpora = try ScriptsBench.corpora() } catch {
            FileHandle.standardError.write(Data("unfold-bench: \(error)\n".utf8))
            return 1
        }
        for corpus in corpora {
            let labels = quick ? 20_000 : 1_000_000
            let collection = ScanBench.collection(of: corpus, count: labels)
            let scans = ScanBench.perQuery(collection, typedInto: corpus, rounds: quick ? 1 : 3)
            let name = "scan: \(corpus.name), \(GrowthPoint.name(labels)) labels"
            report(Row(benchmark: "\(name), a typed character read through", unit: "ms", ours: Summary(scans.milliseconds),
                       gtk: Summary([Double(collection.searchedBytes) / bandwidth]),
                       gtkWidget: "reading its bytes at memory speed (one thread's memchr)"))
            report(Row(benchmark: "\(name), bytes read per ms", unit: "bytes/ms", ours: Summary(scans.bytesPerMillisecond),
                       gtk: Summary([bandwidth]), gtkWidget: "memory's bandwidth (one thread's memchr)"))
        }
    }
    if selected("list") {
        let items = quick ? 20_000 : 1_000_000
        if quick { ListBench.rounds = 1 }
        let count = items == 1_000_000 ? "1M" : "\(items / 1000)k"
        let ours = ListBench.ours(items: items), gtk = ListBench.gtk(items: items)
        for (name, measured) in [("libunfold's list", ours), ("GtkListView", gtk)] where !measured.blankResults.isEmpty {
            FileHandle.standardError.write(Data(("unfold-bench: \(name) did not show its result in rows down the view after "
                + "\(measured.blankResults.count) of \(ListBench.searches.count * ListBench.rounds) searches "
                + "(\(measured.blankResults.map { "\"\($0)\"" }.joined(separator: ", "))): its per-frame figures are not comparable\n").utf8))
        }
        let widget = "GtkListView (GtkFilterListModel)"
        report(Row(benchmark: "list: \(count) items, main thread per items-changed, to the next frame", unit: "CPU ms",
                   ours: Summary(ours.perChange), gtk: Summary(gtk.perChange), gtkWidget: widget, target: .ours(1)))
        report(Row(benchmark: "list: \(count) items, per painted frame of a change", unit: "CPU ms", ours: Summary(ours.perFrame),
                   gtk: Summary(gtk.perFrame), gtkWidget: widget, target: .ratio(1.0)))
        report(Row(benchmark: "list: \(count) items, a change's first frame (its new rows made)", unit: "CPU ms",
                   ours: Summary(ours.firstFrame), gtk: Summary(gtk.firstFrame), gtkWidget: widget))
        report(Row(benchmark: "list: \(count) items, a change all told (to rest)", unit: "CPU ms", ours: Summary(ours.wholeChange),
                   gtk: Summary(gtk.wholeChange), gtkWidget: widget))
        // (Against GTK's whole change: GTK's list has no such part to time apart.)
        report(Row(benchmark: "list: \(count) items, of which ours making rows' widgets", unit: "CPU ms",
                   ours: Summary(ours.makingRows), gtk: Summary(gtk.wholeChange), gtkWidget: widget))
        report(Row(benchmark: "list: \(count) items, frames painted per change", unit: "frames", ours: Summary(ours.frames),
                   gtk: Summary(gtk.frames), gtkWidget: widget))
        // A child's peak varies by a megabyte or two from run to run (where
        // the heap's arenas happen to grow), as much as the items' difference:
        // each figure is the median of three children, taken in turn.
        @MainActor func medianPeaks(_ labels: Int) -> (ours: Double, gtk: Double) {
            let runs = (0..<(quick ? 1 : 3)).map { _ in (peakRSS("list-ours", labels: labels), peakRSS("list-gtk", labels: labels)) }
            func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
            return (median(runs.map(\.0)), median(runs.map(\.1)))
        }
        let (oursPeak, gtkPeak) = medianPeaks(items)
        report(Row(benchmark: "list: \(count) items shown, peak RSS", unit: "MB", ours: Summary([oursPeak]), gtk: Summary([gtkPeak]),
                   gtkWidget: widget, target: .ratio(1.0)))
        // Per item: the growth from a hundredth of the items, so what either
        // costs once (code, the first rows) is not counted as the items'.
        let few = items / 100
        let fewPeaks = medianPeaks(few)
        let oursPerItem = (oursPeak - fewPeaks.ours) * 1_048_576 / Double(items - few)
        let gtkPerItem = (gtkPeak - fewPeaks.gtk) * 1_048_576 / Double(items - few)
        report(Row(benchmark: "list: memory per item (the model's included)", unit: "bytes", ours: Summary([oursPerItem]),
                   gtk: Summary([gtkPerItem]), gtkWidget: widget, target: .ratio(1.0)))
    }
    do {
        try measureProcesses(quick: quick, renderer: renderer, programs: programs, selected: selected, plotPath: plotPath, report: report)
    } catch {
        FileHandle.standardError.write(Data("unfold-bench: \(error)\n".utf8))
        return 1
    }
    let startupRuns = quick ? 2 : 10
    if selected("startup") {
        let reveal = StartupBench.reveal(runs: startupRuns)
        report(Row(benchmark: "startup: Reveal page, to first frame", unit: "ms", ours: Summary(reveal.ours), gtk: Summary(reveal.gtk),
                   gtkWidget: "GtkExpander (Native page)"))
        let outline = StartupBench.outline(runs: startupRuns)
        report(Row(benchmark: "startup: Outline page, to first frame", unit: "ms", ours: Summary(outline.ours), gtk: Summary(outline.gtk),
                   gtkWidget: "GtkExpander (Native page)"))
        for labels in quick ? [4] : [4, 1_000_000] {
            let startup = StartupBench.collection(labels: labels, runs: labels > 10_000 ? 3 : startupRuns)
            report(Row(benchmark: "startup: Collection, \(labels) labels", unit: "ms", ours: Summary(startup.ours),
                       gtk: Summary(startup.gtk), gtkWidget: "GtkFilterListModel+GtkListView"))
        }
    }
    let memoryLabels = quick ? 10_000 : 1_000_000
    if selected("memory") {
        report(Row(benchmark: "memory: \(memoryLabels) labels, peak RSS", unit: "MB",
                   ours: Summary([peakRSS("ours", labels: memoryLabels)]), gtk: Summary([peakRSS("gtk", labels: memoryLabels)]),
                   gtkWidget: "GtkFilterListModel+GtkListView"))
    }

    if let jsonPath {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let data = try! encoder.encode(rows)
        guard FileManager.default.createFile(atPath: jsonPath, contents: data) else {
            FileHandle.standardError.write(Data("unfold-bench: cannot write \(jsonPath)\n".utf8))
            return 1
        }
    }
    return 0
}
exit(status)
