package engine

import (
	"fmt"
	"strings"
)

// Log retention (UnifiedLog.deleteOldSegments): every replica's log is a
// run of segments, the last of them active, and a broker's retention task
// deletes whole segments from the oldest while a policy says so, moving
// the log start offset to the first offset it keeps. Followers also move
// their log start offset up to the leader's (FetchResponse.LogStartOffset,
// UnifiedLog.maybeIncrementLogStartOffset). docs/design.md §11.

// batchBytes is the size of one record batch in a segment, in bytes: the
// v2 batch header (RecordBatchOverhead, DefaultRecordBatch
// .RECORD_BATCH_OVERHEAD) plus each record's Size. A segment's size is
// its file's size (LogSegment.size), the sum of its whole batches; the
// fetch size limits count a batch the same way (replica.readBytes).
func batchBytes(batch []Record) int64 {
	n := int64(RecordBatchOverhead)
	for _, rec := range batch {
		n += int64(rec.Size)
	}
	return n
}

// Kafka 4.0 raised the minimum of segment.bytes and log.segment.bytes
// from LegacyRecord.RECORD_OVERHEAD_V0 (14 bytes) to 1 MiB (KIP-1030;
// LogConfig defines both with atLeast(1048576) in 4.0 and later, and
// keeps a smaller internal.segment.bytes for Kafka's own tests, which
// kplay does not take).
const (
	// MinSegmentBytes is the smallest segment.bytes or log.segment.bytes
	// Kafka 4.0 and later take, in bytes.
	MinSegmentBytes = 1 << 20
	// LegacyMinSegmentBytes is the smallest Kafka took before 4.0, in
	// bytes.
	LegacyMinSegmentBytes = 14
	// minSegmentBytesSince is the release that raised the minimum.
	minSegmentBytesSince Release = 400
)

// checkSegmentBytes refuses a segment.bytes (or log.segment.bytes, name)
// of v bytes that release kafka does not take: below MinSegmentBytes from
// Kafka 4.0 (KIP-1030). The smaller bounds, LegacyMinSegmentBytes and
// Kafka's int maximum, are the settings table's and topicLogKeys' own
// checks.
func checkSegmentBytes(name string, v int64, kafka Release) error {
	if kafka >= minSegmentBytesSince && v < MinSegmentBytes {
		return fmt.Errorf("%s=%d is below Kafka 4.0's minimum of %d bytes (KIP-1030); kafka=3.9 or older takes %d",
			name, v, MinSegmentBytes, LegacyMinSegmentBytes)
	}
	return nil
}

// TopicConfig is one topic-level config override given at creation, in
// Kafka's spelling (retention.ms, retention.bytes, segment.bytes,
// segment.ms) with its value in ms or bytes.
type TopicConfig struct {
	Key   string
	Value int64
}

// topicLogKeys are the topic configs create-topic takes, each with the
// broker setting it overrides (LogConfig.TopicConfigSynonyms). Their
// bounds are that setting's row in the vocabulary table (settings.go:
// retention.ms and retention.bytes -1 meaning no limit, segment.ms at
// least 1, segment.bytes at least LegacyMinSegmentBytes and
// MinSegmentBytes from Kafka 4.0, checkSegmentBytes), so the table stays
// the one place a setting is defined.
var topicLogKeys = [...]struct{ key, broker string }{
	{"retention.ms", "log.retention.ms"},
	{"retention.bytes", "log.retention.bytes"},
	{"segment.bytes", "log.segment.bytes"},
	{"segment.ms", "log.roll.ms"},
}

// TopicLogConfigKeys returns the topic configs create-topic takes.
func TopicLogConfigKeys() []string {
	out := make([]string, len(topicLogKeys))
	for i, k := range topicLogKeys {
		out[i] = k.key
	}
	return out
}

// CheckTopicConfig checks one topic config override for a topic created
// on release kafka: a known key and a value in its bounds, segment.bytes
// at least MinSegmentBytes from Kafka 4.0 (KIP-1030). The error names the
// key, the value and the bound it breaks.
func CheckTopicConfig(tc TopicConfig, kafka Release) error {
	for _, k := range topicLogKeys {
		if k.key == tc.Key {
			row, ok := LookupSetting(k.broker)
			if !ok {
				panic("engine: topic config " + k.key + " overrides " + k.broker + ", which the settings table lacks")
			}
			if tc.Key == "segment.bytes" && tc.Value <= row.Max {
				if err := checkSegmentBytes(tc.Key, tc.Value, kafka); err != nil {
					return fmt.Errorf("engine: topic config %v", err)
				}
			}
			if tc.Value < row.Min || tc.Value > row.Max {
				return fmt.Errorf("engine: topic config %s=%d is out of range (%d..%d; it overrides %s)", tc.Key, tc.Value, row.Min, row.Max, k.broker)
			}
			return nil
		}
	}
	return fmt.Errorf("engine: no topic config %q (create-topic takes %s)", tc.Key, strings.Join(TopicLogConfigKeys(), ", "))
}

// logConfig is a topic's effective retention and segment settings.
type logConfig struct {
	retentionMs, retentionBytes, segmentBytes, segmentMs int64
}

// logConfigFor is the broker defaults with the topic's overrides.
func (c *Cluster) logConfigFor(topic string) logConfig {
	lc := logConfig{retentionMs: c.cfg.LogRetentionMs, retentionBytes: c.cfg.LogRetentionBytes,
		segmentBytes: c.cfg.LogSegmentBytes, segmentMs: int64(c.cfg.LogRollMs)}
	if t := c.topic(topic); t != nil {
		for _, tc := range t.logConfigs {
			switch tc.Key {
			case "retention.ms":
				lc.retentionMs = tc.Value
			case "retention.bytes":
				lc.retentionBytes = tc.Value
			case "segment.bytes":
				lc.segmentBytes = tc.Value
			case "segment.ms":
				lc.segmentMs = tc.Value
			}
		}
	}
	return lc
}

// Segment is one log segment of a replica: offsets [Base, End), its size
// in bytes and the largest record timestamp in it (CreateTime, the
// producer's send time). The last segment of a log is the active one.
type Segment struct {
	Base, End Offset
	Bytes     int64
	LargestTs Time
}

// segments cuts r's log into segments as the appends rolled them
// (LogSegment.shouldRoll, checked before each batch): a new segment starts
// at a batch when the active one is not empty and its size plus the
// batch's (batchBytes) would be more than segment.bytes, or when the
// batch's timestamp is more than segment.ms after the active segment's
// first batch's (rollingBasedTimestamp; segment.jitter.ms is 0). A batch
// larger than segment.bytes fills a segment of its own. Two
// simplifications, written down in docs/design.md §11: kplay decides a
// time roll by the batch's timestamp, not by the broker's clock at the
// append (they differ by the produce's latency), and it rolls every
// replica batch by batch, where a Kafka follower checks once per fetched
// chunk, so a follower's segments may start elsewhere than the leader's
// in Kafka.
func (r *replica) segments(lc logConfig) []Segment {
	var out []Segment
	var first Time // the active segment's first batch's timestamp
	for i := 0; i < len(r.log); {
		j := i + 1
		for j < len(r.log) && r.log[j].OffsetDelta != 0 {
			j++
		}
		bytes := batchBytes(r.log[i:j])
		ts := r.log[i].ProducedAt
		for _, rec := range r.log[i:j] {
			ts = max(ts, rec.ProducedAt)
		}
		n := len(out)
		if n == 0 || out[n-1].Bytes+bytes > lc.segmentBytes || int64(ts-first) > lc.segmentMs {
			out = append(out, Segment{Base: r.log[i].Offset, LargestTs: ts})
			first = ts
			n++
		}
		s := &out[n-1]
		s.End = r.log[j-1].Offset + 1
		s.Bytes += bytes
		s.LargestTs = max(s.LargestTs, ts)
		i = j
	}
	return out
}

// Segments returns the replica's log segments under the topic's settings,
// oldest first (empty for an empty log).
func (c *Cluster) replicaSegments(r *replica) []Segment {
	return r.segments(c.logConfigFor(r.tp.Topic))
}

// retentionConfigured reports whether any retention or segment setting
// differs from Kafka's defaults, for the cluster or a topic. Only then
// does kplay schedule the retention task: under the defaults (7 days,
// 1 GiB segments rolled after 7 days) nothing could be deleted before a
// scenario had run for 14 simulated days, and a task that never acts
// would only add timers to every run.
func (c *Cluster) retentionConfigured() bool {
	d := DefaultConfig()
	if c.cfg.LogRetentionMs != d.LogRetentionMs || c.cfg.LogRetentionBytes != d.LogRetentionBytes ||
		c.cfg.LogSegmentBytes != d.LogSegmentBytes || c.cfg.LogRollMs != d.LogRollMs {
		return true
	}
	for _, t := range c.topics {
		if len(t.logConfigs) > 0 {
			return true
		}
	}
	return false
}

// maybeArmRetention schedules the retention task once retention is
// configured: LogManager schedules "kafka-log-retention" (cleanupLogs)
// log.initial.task.delay.ms after start-up and then every
// log.retention.check.interval.ms. kplay runs one task for every broker,
// on the cluster's start-up clock; a restarted Kafka broker starts its own
// schedule again from its restart.
func (c *Cluster) maybeArmRetention() {
	if c.retentionArmed || !c.retentionConfigured() {
		return
	}
	c.retentionArmed = true
	first := c.cfg.Start + c.cfg.LogInitialTaskDelayMs
	if first <= c.now {
		every := c.cfg.LogRetentionCheckIntervalMs
		first += (c.now - first + every) / every * every
	}
	c.timer(first, timerRetentionCheck, Controller, TopicPartition{}, 0)
}

// retentionCheck runs the retention task on every running broker, in id
// order, and schedules the next run.
func (c *Cluster) retentionCheck(int64) {
	c.timer(c.now+c.cfg.LogRetentionCheckIntervalMs, timerRetentionCheck, Controller, TopicPartition{}, 0)
	for i := range c.brokers {
		b := &c.brokers[i]
		if !b.alive {
			continue
		}
		for j := range b.replicas {
			c.deleteOldSegments(b, &b.replicas[j])
		}
	}
}

// deleteOldSegments is UnifiedLog.deleteOldSegments with
// cleanup.policy=delete: first the size policy, then the time policy. Each
// deletes segments from the oldest while its predicate holds, and only
// segments wholly below the high watermark ("We don't delete segments with
// offsets at or beyond the high watermark to ensure that the log start
// offset can never exceed it", deletableSegments). The active segment
// goes too when the predicate holds for it: Kafka first rolls a new empty
// segment at the log end (deleteSegments: "we must always have at least
// one segment"), so the log start offset becomes the log end offset.
func (c *Cluster) deleteOldSegments(b *broker, r *replica) {
	lc := c.logConfigFor(r.tp.Topic)
	if lc.retentionBytes >= 0 {
		segs := r.segments(lc)
		var size int64
		for _, s := range segs {
			size += s.Bytes
		}
		if size >= lc.retentionBytes {
			// deleteRetentionSizeBreachedSegments: delete while the log
			// stays at or above retention.bytes without the segment.
			diff := size - lc.retentionBytes
			n := 0
			for _, s := range segs {
				if r.hw < s.End || diff-s.Bytes < 0 {
					break
				}
				diff -= s.Bytes
				n++
			}
			if n > 0 {
				c.moveLogStart(b, r, segs[n-1].End, n, "retention.bytes="+formatInt(lc.retentionBytes)+" breached: the log held "+formatInt(size)+" bytes")
			}
		}
	}
	if lc.retentionMs >= 0 {
		// deleteRetentionMsBreachedSegments: now - largestTimestamp > retention.ms.
		segs := r.segments(lc)
		n := 0
		for _, s := range segs {
			if r.hw < s.End || int64(c.now-s.LargestTs) <= lc.retentionMs {
				break
			}
			n++
		}
		if n > 0 {
			c.moveLogStart(b, r, segs[n-1].End, n, "retention.ms="+formatInt(lc.retentionMs)+" breached: the newest record of each deleted segment is older than that")
		}
	}
}

// moveLogStart moves r's log start offset up to to (at most its HW): the
// records below it are gone and the epoch cache drops the entries before
// it, keeping the one that covers it with its start moved to it
// (UnifiedLog.maybeIncrementLogStartOffset,
// LeaderEpochFileCache.truncateFromStart). segments is how many whole
// segments were deleted (0 when a follower follows the leader).
func (c *Cluster) moveLogStart(b *broker, r *replica, to Offset, segments int, why string) {
	to = min(to, r.hw)
	if to <= r.logStart {
		return
	}
	from := r.logStart
	n := int(to - r.logStart)
	r.log = r.log[n:len(r.log):len(r.log)]
	r.logStart = to
	r.truncateEpochsFromStart(to)
	pi := c.inv.part(r.tp)
	pi.deleted = max(pi.deleted, to)
	c.emit(Event{Kind: EvLogStartMoved, Node: b.node(), TP: r.tp, Offset: from, End: to, Count: segments, Text: why})
	c.markDirty(r.tp)
}

// truncateEpochsFromStart is LeaderEpochFileCache.truncateFromStart: the
// entries that start below o go, except the last of them, which now
// starts at o.
func (r *replica) truncateEpochsFromStart(o Offset) {
	k := 0
	for k < len(r.epochs) && r.epochs[k].StartOffset <= o {
		k++
	}
	if k == 0 {
		return
	}
	kept := r.epochs[k-1]
	kept.StartOffset = o
	rest := append([]epochEntry{kept}, r.epochs[k:]...)
	r.epochs = rest
}

// followLeaderLogStart is the follower's
// log.maybeIncrementLogStartOffset(leaderLogStartOffset,
// LeaderOffsetIncremented) after a fetch (ReplicaFetcherThread
// .processPartitionData). Kafka refuses a log start offset above the
// follower's HW (OffsetOutOfRangeException), and so does kplay: it waits
// for a later fetch.
func (c *Cluster) followLeaderLogStart(b *broker, r *replica, leaderStart Offset) {
	if leaderStart <= r.logStart || leaderStart > r.hw {
		return
	}
	c.moveLogStart(b, r, leaderStart, 0, "follows the leader's log start offset")
}

// truncateFullyAndStartAt empties a replica's log and starts it at start
// (UnifiedLog.truncateFullyAndStartAt): a follower whose log ends below the
// leader's log start offset (AbstractFetcherThread.handleOutOfRangeError:
// "Truncate fully and reset fetch offset ... because the local replica's
// end offset is smaller than the current leader's start offsets"), or one
// told to truncate below its own log start offset (UnifiedLog.truncateTo).
// why is the event's reason.
func (c *Cluster) truncateFullyAndStartAt(b *broker, r *replica, start Offset, why string) {
	from, end := r.logStart, r.leo()
	r.log = nil
	r.epochs = nil
	r.logStart = start
	pi := c.inv.part(r.tp)
	pi.deleted = max(pi.deleted, start)
	c.emit(Event{Kind: EvLogStartMoved, Node: b.node(), TP: r.tp, Offset: from, End: start,
		Text: "its log ended at " + itoa64(int64(end)) + "; " + why})
	c.markDirty(r.tp)
	// UnifiedLog.truncateFullyAndStartAt: the high watermark is the new
	// log end.
	c.setHW(b, r, start)
}
