// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
import Glibc
#endif

/// A labels file opened for reading: a regular file, or a stream (a pipe such
/// as `<(command)`, a FIFO, a terminal) that can be read only once and whose
/// size is unknown until it ends.
///
/// Opening never blocks and says at once what is wrong with a path (missing,
/// a directory, unreadable); reading, which can wait on a stream's writer,
/// belongs on a worker thread and can be stopped from another.
public final class LabelsSource: @unchecked Sendable {
    /// How the file is named in messages: the path as the user gave it.
    public let name: String
    /// The size of a regular file, in bytes; nil for a stream.
    public let size: Int?
    private let descriptor: Int32

    /// Opens `path` (as given by the user; `name` is how messages call it).
    public static func open(path: String, name: String? = nil) throws(LabelsFile.Failure) -> LabelsSource {
        let name = name ?? path
        // Non-blocking, so that a FIFO with no writer yet opens at once.
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw LabelsFile.Failure(path: name, location: nil, problem: openProblem(errno)) }
        do {
            return try LabelsSource(descriptor: descriptor, name: name)
        } catch {
            Glibc.close(descriptor)
            throw error
        }
    }

    /// Takes `descriptor` (a stream handed over by another process, say) and
    /// closes it when done.
    public init(descriptor: Int32, name: String) throws(LabelsFile.Failure) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw LabelsFile.Failure(path: name, location: nil, problem: Self.readProblem(errno))
        }
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            throw LabelsFile.Failure(path: name, location: nil, problem: LabelsFile.Problem(.folder))
        case S_IFREG:
            size = Int(status.st_size)
        default:
            size = nil
        }
        self.name = name
        self.descriptor = descriptor
    }

    deinit { Glibc.close(descriptor) }

    /// What a reader is told while it reads.
    public enum Progress: Sendable, Equatable {
        /// A stream whose writer has not written anything yet.
        case waiting
        /// Bytes read so far, of `size` when it is known.
        case reading(bytes: Int, of: Int?)
    }

    /// Every byte of the file. `progress` is called as bytes arrive (not more
    /// often than every 64 KB); `isCancelled` is asked at least every 100 ms,
    /// even while a stream's writer is silent, and stops the read with a
    /// failure when it says so.
    /// More than any collection of labels (a million labels are about 40 MB):
    /// a stream that goes on past it (`/dev/zero`, say) is not labels.
    public static let sizeLimit = 2 << 30

    public func readAll(limit: Int = LabelsSource.sizeLimit, progress: (Progress) -> Void = { _ in },
                        isCancelled: () -> Bool = { false }) throws(LabelsFile.Failure) -> [UInt8] {
        if let size, size > limit { throw tooLarge(limit) }
        if let size, let bytes = try readFile(size: size, progress: progress, isCancelled: isCancelled) { return bytes }
        // The bytes go straight into one buffer that grows by doubling, then
        // into the array.
        var capacity = max(size.map { $0 + 1 } ?? 0, 1 << 16)
        var buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        var count = 0, reported = 0
        progress(size == nil ? .waiting : .reading(bytes: 0, of: size))
        while true {
            if isCancelled() { throw LabelsFile.Failure(path: name, location: nil, problem: LabelsFile.stopped) }
            if size == nil {
                // Wait for data or the writer's end, never for long: a FIFO
                // whose writer never comes must not hold the reader forever.
                var poll = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let ready = Glibc.poll(&poll, 1, 100)
                if ready == 0 || (ready < 0 && errno == EINTR) { continue }
                if ready < 0 { throw failure(errno) }
            }
            if count == capacity {
                let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
                grown.update(from: buffer, count: count)
                buffer.deallocate()
                buffer = grown
                capacity *= 2
            }
            let read = Glibc.read(descriptor, buffer + count, min(capacity - count, 1 << 20))
            if read < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw failure(errno)
            }
            if read == 0 { break }
            // A NUL byte is in no text file: stop reading a binary one at once.
            if let nul = memchr(buffer + count, 0, read) {
                throw nulByte(at: count + (UnsafeRawPointer(nul) - UnsafeRawPointer(buffer + count)), in: buffer)
            }
            count += read
            if count > limit { throw tooLarge(limit) }
            if count - reported >= 1 << 16 || reported == 0 {
                reported = count
                progress(.reading(bytes: count, of: size))
            }
        }
        progress(.reading(bytes: count, of: size))
        // One copy at a time: the buffer goes as soon as the array has its bytes
        // (a regular file's array is made once, of its size, by `readFile`).
        let bytes = Array(UnsafeBufferPointer(start: buffer, count: count))
        return bytes
    }

    /// Appends up to `scratch.count` more of a regular file's bytes to
    /// `bytes`, read through `scratch`; returns how many, 0 at its end, nil
    /// when the read fails (the file's whole reading then says why).
    func readPiece(appendingTo bytes: inout [UInt8], through scratch: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        var count = 0
        while count < scratch.count {
            let read = Glibc.read(descriptor, scratch.baseAddress! + count, scratch.count - count)
            if read < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return nil
            }
            if read == 0 { break }
            count += read
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[..<count]))
        return count
    }

    /// Back to a regular file's first byte, to read it again.
    func rewind() throws(LabelsFile.Failure) {
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw failure(errno) }
    }

    /// A regular file's bytes, read straight into the array that holds them
    /// (no second copy of the file at any moment); nil when the file turns
    /// out longer than its size said (it grew meanwhile): then it is read as a stream.
    private func readFile(size: Int, progress: (Progress) -> Void,
                          isCancelled: () -> Bool) throws(LabelsFile.Failure) -> [UInt8]? {
        var failure: LabelsFile.Failure?
        var grew = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, initialized in
            var count = 0, reported = 0
            progress(.reading(bytes: 0, of: size))
            while true {
                if isCancelled() { failure = LabelsFile.Failure(path: name, location: nil, problem: LabelsFile.stopped); break }
                if count == size + 1 { grew = true; break }
                let read = Glibc.read(descriptor, buffer.baseAddress! + count, min(size + 1 - count, 1 << 20))
                if read < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    failure = self.failure(errno)
                    break
                }
                if read == 0 { break }
                if let nul = memchr(buffer.baseAddress! + count, 0, read) {
                    failure = nulByte(at: count + (UnsafeRawPointer(nul) - UnsafeRawPointer(buffer.baseAddress! + count)),
                                      in: buffer.baseAddress!)
                    break
                }
                count += read
                if count - reported >= 1 << 16 {
                    reported = count
                    progress(.reading(bytes: count, of: size))
                }
            }
            initialized = failure == nil && !grew ? count : 0
        }
        if let failure { throw failure }
        if grew {
            // Read again from the start, as a stream of unknown length.
            guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw self.failure(errno) }
            return nil
        }
        progress(.reading(bytes: bytes.count, of: size))
        return bytes
    }

    /// A NUL byte is in no text file: a binary one is stopped at once, and
    /// told by line and column like any other error (and by byte offset, which
    /// is what a binary file's reader looks for).
    private func nulByte(at offset: Int, in buffer: UnsafePointer<UInt8>) -> LabelsFile.Failure {
        // UTF-16 (a spreadsheet's "Unicode Text" export) is text, only not in
        // UTF-8: its byte-order mark, or an ASCII character beside a NUL, tells it.
        // (Only the bytes up to the NUL are known to be there.)
        let hasMark = (2...3).contains(offset) && ((buffer[0] == 0xFF && buffer[1] == 0xFE) || (buffer[0] == 0xFE && buffer[1] == 0xFF))
        let isUTF16 = hasMark || (offset == 1 && buffer[0] != 0 && buffer[0] < 0x80)
        if isUTF16 { return LabelsFile.Failure(path: name, location: nil, problem: LabelsFile.Problem(.inUTF16)) }
        let skipped = offset >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF ? 3 : 0
        let location = LabelsFile.Location(of: offset, in: UnsafeBufferPointer(start: buffer, count: offset), firstLineStart: skipped)
        return LabelsFile.Failure(path: name, location: location, problem: LabelsFile.Problem(.nulByte, ["offset": String(offset)]))
    }

    private func tooLarge(_ limit: Int) -> LabelsFile.Failure {
        LabelsFile.Failure(path: name, location: nil, problem: LabelsFile.Problem(.fileTooLarge, ["limit": String(limit >> 20)]))
    }

    private func failure(_ code: Int32) -> LabelsFile.Failure {
        LabelsFile.Failure(path: name, location: nil, problem: Self.readProblem(code))
    }

    /// Why `open` failed, in words.
    public static func openProblem(_ code: Int32) -> LabelsFile.Problem {
        switch code {
        case ENOENT: LabelsFile.Problem(.noSuchFile)
        case ENOTDIR: LabelsFile.Problem(.noSuchFolderInPath)
        case EACCES, EPERM: LabelsFile.Problem(.permissionDenied)
        case ELOOP: LabelsFile.Problem(.tooManySymbolicLinks)
        case ENAMETOOLONG: LabelsFile.Problem(.nameTooLong)
        default: LabelsFile.Problem(.cannotBeOpened, ["reason": describe(code)])
        }
    }

    /// Why a read (or a look at what the file is) failed, in words.
    public static func readProblem(_ code: Int32) -> LabelsFile.Problem {
        LabelsFile.Problem(.cannotBeRead, ["reason": describe(code)])
    }

    /// The C library's sentence for an error number, lower-cased to follow a colon.
    static func describe(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
