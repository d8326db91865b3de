#if os(Linux)
import CALinuxWaylandClient
import CALinuxWaylandProtocols

extension WaylandInterfaces {
    static var seat: UnsafePointer<wl_interface> { wl_seat_interface_pointer() }
}

/// The connection's `wl_seat` globals: bound as they are advertised (up to `WaylandSeat.maximumVersion`,
/// by `bindGlobal`), released when they are removed. A compositor without seats (weston headless) simply gives no input.
extension WaylandConnection {
    /// A `wl_seat` was bound (at `min(offered, WaylandSeat.maximumVersion)`).
    func addSeat(name: UInt32, proxy: OpaquePointer) {
        let seat = WaylandSeat(globalName: name, proxy: proxy, connection: self)
        seat.sink = inputSink
        seats.append(seat)
    }

    /// Releases the seat with this registry name; false when `name` is not a seat's.
    func removeSeat(name: UInt32) -> Bool {
        guard let index = seats.firstIndex(where: { $0.globalName == name }) else { return false }
        if latestButtonSeat == seats[index].proxy { latestButtonSeat = nil }
        seats.remove(at: index).destroy()
        return true
    }
}
#endif
