import Glibc
import UnfoldApp

let status = MainActor.assumeIsolated {
    Localization.setUp()
    return UnfoldApplication().run()
}
exit(status)
