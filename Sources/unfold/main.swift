// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import UnfoldApp

let status = MainActor.assumeIsolated {
    Localization.setUp()
    return UnfoldApplication().run()
}
exit(status)
