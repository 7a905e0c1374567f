// SPDX-License-Identifier: GPL-3.0-or-later
import ChildProcessTestSupport
import Foundation
@testable import UnfoldApp
import XCTest

/// Where OpenGL draws on the CPU, the app draws with GTK's cairo renderer
/// (as GTK 4.14 and later choose for themselves); `GSK_RENDERER` still
/// chooses where it is set.
final class RendererChoiceTests: XCTestCase {
    // (Not a @MainActor method: XCTest on Linux cannot call one, and Swift
    // 6.0, Debian 13's, refuses to compile the call.)
    func testTheDecisionFollowsTheEnvironmentThenWhoDrawsOpenGL() {
        MainActor.assumeIsolated {
            var asked = 0
            func ask(_ answer: Result<String, RendererChoice.ProbeFailure>) -> () -> Result<String, RendererChoice.ProbeFailure> {
                { asked += 1; return answer }
            }
            XCTAssertEqual(RendererChoice.decide(environment: "gl", openGLRenderer: ask(.success("llvmpipe (LLVM 15.0.6, 256 bits)"))),
                           .environment("gl"))
            XCTAssertEqual(asked, 0, "the user's GSK_RENDERER needs no OpenGL context made")
            for software in ["llvmpipe (LLVM 15.0.6, 256 bits)", "softpipe", "Software Rasterizer", "Mesa X11 swrast"] {
                XCTAssertEqual(RendererChoice.decide(environment: nil, openGLRenderer: ask(.success(software))), .software(software))
            }
            // An empty GSK_RENDERER is none (GTK reads it so).
            XCTAssertEqual(RendererChoice.decide(environment: "", openGLRenderer: ask(.success("llvmpipe"))), .software("llvmpipe"))
            for hardware in ["Mesa Intel(R) UHD Graphics 620 (KBL GT2)", "AMD Radeon RX 6600 (navi23, LLVM 15.0.6, DRM 3.49, 6.1.0-13-amd64)",
                             "NVIDIA GeForce GTX 1060/PCIe/SSE2", "virgl (Intel UHD)"] {
                XCTAssertEqual(RendererChoice.decide(environment: nil, openGLRenderer: ask(.success(hardware))), .hardware(hardware))
            }
            XCTAssertEqual(RendererChoice.decide(environment: nil, openGLRenderer: ask(.failure(.init(reason: "no EGL")))),
                           .noOpenGL("no EGL"))
        }
    }

    /// The real app, launched without GSK_RENDERER under the test session's
    /// Xvfb, whose OpenGL is Mesa's llvmpipe (libgl1-mesa-dri is a test
    /// package): its windows draw with cairo. With GSK_RENDERER=gl they draw
    /// with GL, as the user said.
    func testSoftwareOpenGLDrawsWithCairoUnlessGSKRendererSaysOtherwise() throws {
        let ours = try renderer(environment: nil)
        XCTAssertTrue(ours.log.contains("draws in software: drawing with cairo"),
                      "the test session's OpenGL is Mesa's llvmpipe: \(ours.log)")
        XCTAssertEqual(ours.renderer, "GskCairoRenderer", ours.log)
        let chosen = try renderer(environment: "gl")
        XCTAssertTrue(chosen.log.contains("GSK_RENDERER=gl chooses the renderer"), chosen.log)
        XCTAssertEqual(chosen.renderer, "GskGLRenderer", chosen.log)
    }

    /// The renderer the app's first window got, as its debug log says, and the
    /// log (GLib writes debug messages on stdout).
    private func renderer(environment gskRenderer: String?, file: StaticString = #filePath, line: UInt = #line) throws
        -> (renderer: String?, log: String) {
        var environment = launchEnvironment(["G_MESSAGES_DEBUG": "Unfold"])
        environment["GSK_RENDERER"] = gskRenderer
        let app = try AppProcessTests.launch(["--page", "collection"], environment: environment)
        defer { AppProcessTests.stop(app) }
        let told = /windows drawn by (\w+)/
        let deadline = Date().addingTimeInterval(Patience.hang)
        while Date() < deadline {
            let log = app.stdout
            if let match = log.firstMatch(of: told) { return (String(match.1), log) }
            usleep(50_000)
        }
        XCTFail("the app never said what draws its windows", file: file, line: line)
        return (nil, app.stdout)
    }
}
