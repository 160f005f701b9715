import HashTreeCollections

/// The host's queues as the shell's `msghost_queue_depth` gauges name them: callbacks queued
/// and in flight, deliveries held and delayed, requests parked while their files are looked
/// at, control replies waiting, event followers. Read from the parts that hold them.
enum QueueDepths {
    static func read(screens: Screens, deliveries: Deliveries, inspections: Inspections, sessions: ControlSessions)
        -> [(queue: String, depth: Int)]
    {
        let (queued, inFlight) = screens.depths
        let (held, delayed) = deliveries.depths
        return [
            ("callbacks_queued", queued), ("callbacks_in_flight", inFlight),
            ("held_deliveries", held), ("delayed_deliveries", delayed),
            ("parked_requests", inspections.count),
            ("control_waiters", sessions.waiters.count + sessions.settleWaiters.count),
            ("event_followers", sessions.subscribers.count),
        ]
    }
}
