package script

import "kplay/engine"

// slowDiskCommand reads "slow-disk BROKER latency=DURATION": from now on
// every append to that broker's logs takes DURATION (engine.SlowDisk);
// latency=0ms makes the disk healthy again.
func slowDiskCommand(d Directive, _ engine.Release) (engine.Command, *Error) {
	if err := checkKeys(d, "latency"); err != nil {
		return nil, err
	}
	b, err := brokerArg(d)
	if err != nil {
		return nil, err
	}
	a, ok := d.Arg("latency")
	if !ok {
		return nil, errAt(d.Pos, "slow-disk needs latency=DURATION, the time each append takes, such as slow-disk %d latency=50ms (latency=0ms heals it)", b)
	}
	v, err := single(a)
	if err != nil {
		return nil, err
	}
	dur, e := ParseDuration(v)
	if e != nil {
		return nil, errAt(a.Pos, "latency: %v", e)
	}
	if dur < 0 || dur > engine.MaxDiskLatency {
		return nil, errAt(a.Pos, "latency must be 0ms..1h, got %s", v)
	}
	return engine.SlowDisk{Broker: b, Latency: dur}, nil
}
