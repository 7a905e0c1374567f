import Foundation
import UnfoldApp

let status = MainActor.assumeIsolated { UnfoldApplication().run() }
exit(status)
