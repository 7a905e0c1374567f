// SPDX-License-Identifier: GPL-3.0-or-later
import UnfoldCore

/// What must hold for any bytes at all handed to the labels-file parser. The
/// fuzzer checks it on every input it makes up, and the regression test on
/// every input it ever kept (Tests/Fuzz/labels-corpus), so a finding stays found.
///
/// Returns what went wrong, or nil when every property holds. A crash inside
/// `parse` is a finding too; the fuzzer's sanitizers catch that one.
public func labelsFileViolation(_ bytes: [UInt8]) -> String? {
    let path = "fuzz.json"
    let collection: LabelCollection
    do {
        collection = try LabelsFile.parse(bytes, path: path)
    } catch {
        return failureViolation(error, path: path, byteCount: bytes.count)
    }
    // Whatever was read must survive being written and read again: the parser
    // and the writers agree on escapes, numbers and Unicode.
    let records = collection.records
    do {
        let again = try LabelsFile.parse(Array(LabelsFile.json(records).utf8))
        if again.records != records { return "the JSON written for the records reads back differently" }
    } catch {
        return "the JSON written for the records does not read back: \(error)"
    }
    if let tsv = LabelsFile.tsv(records) {
        do {
            let again = try LabelsFile.parse(Array(tsv.utf8))
            if again.records != records { return "the TSV written for the records reads back differently" }
        } catch {
            return "the TSV written for the records does not read back: \(error)"
        }
    }
    return nil
}

/// An error must say what and, when it has a place, a real one inside the input.
private func failureViolation(_ failure: LabelsFile.Failure, path: String, byteCount: Int) -> String? {
    if failure.problem.isEmpty { return "an error with no message" }
    if !failure.description.hasPrefix(path + ":") { return "the error does not name the file: \(failure)" }
    if let location = failure.location {
        guard (0...byteCount).contains(location.byteOffset), location.line >= 1, location.column >= 1 else {
            return "the error points outside the input (\(byteCount) bytes): \(failure) at byte \(location.byteOffset)"
        }
    }
    return nil
}
