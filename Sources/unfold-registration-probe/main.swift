// SPDX-License-Identifier: LGPL-2.1-or-later
// What the GType layer must refuse, acted out in a process a refusal may end
// (GObjectTypeTests runs it): a Swift widget implementation derived from
// another. Registered, the derived type would share its parent's class
// record and its vfuncs would chain up into their own trampolines; it is
// stopped at registration, in words, before GObject hears of it.
import Glibc
import UnfoldGtk

@MainActor
class ProbeBase: WidgetImplementation {
    override class var typeDescription: WidgetClassDescription {
        WidgetClassDescription(typeName: "UnfoldProbeBase", cssName: "probe", isFinal: false)
    }
}

@MainActor
final class ProbeDerived: ProbeBase {
    override class var typeDescription: WidgetClassDescription {
        WidgetClassDescription(typeName: "UnfoldProbeDerived", cssName: "probe")
    }
}

MainActor.assumeIsolated {
    print("registered \(String(cString: g_type_name(ProbeBase.gType)))")
    fflush(nil)  // before the refusal ends the process
    print("registered \(String(cString: g_type_name(ProbeDerived.gType)))")
}
