// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import UnfoldCore
import XCTest

final class NotesTests: XCTestCase {
    // MARK: When notes are written

    func testAPauseInTheTypingWritesThem() {
        var schedule = NoteSaveSchedule()
        XCTAssertNil(schedule.dueTime, "nothing to write")
        schedule.changed(at: 1_000_000)
        XCTAssertEqual(schedule.dueTime, 1_000_000 + NoteSaveSchedule.pause)
        schedule.changed(at: 1_100_000)
        XCTAssertEqual(schedule.dueTime, 1_100_000 + NoteSaveSchedule.pause, "each key moves the write past the pause")
        schedule.written()
        XCTAssertNil(schedule.dueTime)
        XCTAssertFalse(schedule.hasUnwrittenChanges)
    }

    /// Whatever the rhythm of the typing, what is typed is written within a
    /// second of being typed: a crash loses at most that.
    func testNothingTypedWaitsLongerThanTheLatestMoment() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            var schedule = NoteSaveSchedule()
            var now: Int64 = 0
            var oldestUnwritten: Int64?
            for _ in 0..<Int.random(in: 1...80, using: &generator) {
                // Keys from 20 ms to 600 ms apart: typing, and pauses.
                now += Int64.random(in: 20_000...600_000, using: &generator)
                if let due = schedule.dueTime, due <= now {
                    // The write happened at `due`, before this key.
                    XCTAssertLessThanOrEqual(due - oldestUnwritten!, NoteSaveSchedule.latest)
                    schedule.written()
                    oldestUnwritten = nil
                }
                schedule.changed(at: now)
                if oldestUnwritten == nil { oldestUnwritten = now }
                let due = schedule.dueTime!
                XCTAssertLessThanOrEqual(due - oldestUnwritten!, NoteSaveSchedule.latest, "never later than a second after a change")
                XCTAssertGreaterThanOrEqual(due, now, "never before the key just typed")
            }
        }
    }

    func testSteadyTypingIsWrittenEverySecond() {
        var schedule = NoteSaveSchedule()
        // A key every 100 ms for 3 s: the pause never comes, the latest moment does.
        var writes: [Int64] = []
        for key in 0..<30 {
            let now = Int64(key) * 100_000
            if let due = schedule.dueTime, due <= now {
                writes.append(due)
                schedule.written()
            }
            schedule.changed(at: now)
        }
        XCTAssertEqual(writes, [1_000_000, 2_000_000])
    }

    // MARK: Notes whose label is gone

    func testNotesWithoutALabelAreThoseWhoseIDTheCollectionLacks() throws {
        let collection = try LabelCollection([LabelRecord(id: 1, title: "Tile A", category: .tile),
                                              LabelRecord(id: 3, title: "Tile B", category: .tile)])
        let orphans = notesWithoutLabel([1: "kept", 2: "gone", 9: "also gone"], in: collection)
        XCTAssertEqual(orphans.map(\.id), [2, 9])
        XCTAssertEqual(orphans.map(\.note), ["gone", "also gone"])
        XCTAssertTrue(notesWithoutLabel([:], in: collection).isEmpty)
    }

    // MARK: Save Notes As…

    private func sample() throws -> (LabelCollection, [Int: String]) {
        let collection = try LabelCollection([
            LabelRecord(id: 5, title: "Tab\there", category: .tile),
            LabelRecord(id: 2, title: "\"Quoted\" title", category: .dot),
            LabelRecord(id: 7, title: "No note", category: .dot),
        ])
        return (collection, [2: "Line one\nline two", 5: "say \"hi\" \\ bye", 40: "orphan é"])
    }

    func testTheExportListsLabelsWithNotesInOrderThenTheOrphans() throws {
        let (collection, notes) = try sample()
        let entries = NotesExport.entries(notes, of: collection)
        XCTAssertEqual(entries.map(\.id), [5, 2, 40], "the collection's order, then notes without a label")
        XCTAssertEqual(entries.last, NotesExport.Entry(id: 40, title: nil, category: nil, note: "orphan é"))
    }

    func testJSONExportIsJSONThatSaysEveryField() throws {
        let (collection, notes) = try sample()
        let text = NotesExport.json.text(of: NotesExport.entries(notes, of: collection))
        let parsed = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        XCTAssertEqual(parsed.count, 3)
        XCTAssertEqual(parsed[0]["title"] as? String, "Tab\there")
        XCTAssertEqual(parsed[0]["category"] as? String, "tile")
        XCTAssertEqual(parsed[0]["note"] as? String, "say \"hi\" \\ bye")
        XCTAssertEqual(parsed[1]["note"] as? String, "Line one\nline two")
        XCTAssertEqual(parsed[2]["id"] as? Int, 40)
        XCTAssertTrue(parsed[2]["title"] is NSNull)
        XCTAssertEqual(NotesExport.json.text(of: []), "[]\n")
        XCTAssertEqual(NotesExport.jsonString("\u{1}"), "\"\\u0001\"")
    }

    func testTSVExportQuotesWhatSpreadsheetsWouldSplit() throws {
        let (collection, notes) = try sample()
        let lines = NotesExport.tsv.text(of: NotesExport.entries(notes, of: collection)).split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines[0], "id\ttitle\tcategory\tnote")
        XCTAssertEqual(lines[1], "5\t\"Tab\there\"\ttile\t\"say \"\"hi\"\" \\ bye\"")
        // A note over two lines stays one field, in quotes.
        XCTAssertEqual(lines[2], "2\t\"\"\"Quoted\"\" title\"\tdot\t\"Line one")
        XCTAssertEqual(lines[3], "line two\"")
        XCTAssertEqual(lines[4], "40\t\t\torphan é")
    }

    /// Quotes and line breaks are found by Unicode scalar, not by Character:
    /// a combining mark after a quote, or a CR LF, hides them from a Character scan.
    func testTSVFieldsAreQuotedByScalar() {
        XCTAssertEqual(NotesExport.tsvField("a\"\u{301}b"), "\"a\"\"\u{301}b\"")
        XCTAssertEqual(NotesExport.tsvField("one\r\ntwo"), "\"one\r\ntwo\"")
        XCTAssertEqual(NotesExport.tsvField("e\u{301} plain"), "e\u{301} plain")
    }

    func testTheFormatFollowsTheName() {
        XCTAssertEqual(NotesExport(fileName: "notes.TSV"), .tsv)
        XCTAssertEqual(NotesExport(fileName: "a.json"), .json)
        XCTAssertNil(NotesExport(fileName: "notes"))
    }
}
