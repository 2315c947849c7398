package script

import (
	"strconv"

	"kplay/engine"
)

// The directives that start or move a client (LayerClient): produce,
// consume, seek, commit and close. A produce with rate= is read by
// expandRate (rate.go).

// produceCommand reads "produce TOPIC-P values=(a, b) | count=N [key=K]
// [acks=all|1|0] [producer=p1] [broker=ID] [size=1024]" (engine.Produce).
func produceCommand(d Directive, _ engine.Release) (engine.Command, *Error) {
	tp, err := tpArg(d)
	if err != nil {
		return nil, err
	}
	if err := checkKeys(d, "values", "count", "key", "acks", "producer", "broker", "size"); err != nil {
		return nil, err
	}
	p := engine.Produce{TP: tp, Acks: engine.AcksAll}
	for _, a := range d.Args {
		if a.Vals == nil {
			continue
		}
		if a.Key == "values" {
			p.Values = append(p.Values, a.Vals...)
			continue
		}
		v, err := single(a)
		if err != nil {
			return nil, err
		}
		if err := produceArg(&p, a, v); err != nil {
			return nil, err
		}
	}
	if len(p.Values) == 0 {
		return nil, errAt(d.Pos, "produce needs values=(...) or count=N")
	}
	if len(p.Values) > maxCount {
		return nil, errAt(d.Pos, "produce takes at most %d records", maxCount)
	}
	return p, nil
}

// produceArg sets the one-valued key a (value v) of a produce on p.
func produceArg(p *engine.Produce, a Arg, v string) *Error {
	switch a.Key {
	case "count":
		n, e := parseInt(v, 1, maxCount)
		if e != nil {
			return errAt(a.Pos, "count: %v", e)
		}
		for i := int64(0); i < n; i++ {
			p.Values = append(p.Values, "m"+strconv.FormatInt(i, 10))
		}
	case "key":
		p.Key = v
	case "acks":
		switch v {
		case "all", "-1":
			p.Acks = engine.AcksAll
		case "1":
			p.Acks = engine.AcksOne
		case "0":
			p.Acks = engine.AcksNone
		default:
			return errAt(a.Pos, "acks must be all, 1 or 0, got %q", v)
		}
	case "producer":
		id, e := clientKey(a, v, 'p')
		if e != nil {
			return e
		}
		p.Producer = id
	case "broker":
		id, e := brokerKey(a, v)
		if e != nil {
			return e
		}
		p.Broker = id
	case "size":
		n, e := parseInt(v, 1, engine.MaxRecordSize)
		if e != nil {
			return errAt(a.Pos, "size (each record's bytes, default %d): %v", engine.DefaultRecordSize, e)
		}
		p.Size = int32(n)
	}
	return nil
}

// consumeCommand reads "consume TOPIC-P [from=earliest|latest|OFFSET]
// [group.id=G] [consumer=c1] [broker=ID] [client.rack=R]"
// (engine.Consume).
func consumeCommand(d Directive, _ engine.Release) (engine.Command, *Error) {
	tp, err := tpArg(d)
	if err != nil {
		return nil, err
	}
	if err := checkKeys(d, "from", "consumer", "broker", "client.rack", "group.id"); err != nil {
		return nil, err
	}
	k := engine.Consume{TP: tp, From: engine.OffsetEarliest}
	for _, a := range d.Args {
		if a.Vals == nil {
			continue
		}
		v, err := single(a)
		if err != nil {
			return nil, err
		}
		if err := consumeArg(&k, a, v); err != nil {
			return nil, err
		}
	}
	return k, nil
}

// consumeArg sets the key a (value v) of a consume on k.
func consumeArg(k *engine.Consume, a Arg, v string) *Error {
	switch a.Key {
	case "from":
		switch v {
		case "earliest":
			k.From = engine.OffsetEarliest
		case "latest":
			k.From = engine.OffsetLatest
		default:
			n, e := parseInt(v, 0, 1<<50)
			if e != nil {
				return errAt(a.Pos, "from: %v (or earliest, latest)", e)
			}
			k.From = engine.Offset(n)
		}
	case "client.rack":
		k.Rack = v
	case "group.id":
		if v == "" {
			return errAt(a.Pos, "group.id must not be empty (InvalidGroupIdException)")
		}
		k.Group = v
	case "consumer":
		id, e := clientKey(a, v, 'c')
		if e != nil {
			return e
		}
		k.Consumer = id
	case "broker":
		id, e := brokerKey(a, v)
		if e != nil {
			return e
		}
		k.Broker = id
	}
	return nil
}

// seekCommand reads "seek TOPIC-P offset=N [consumer=c1]" into a Consume
// with Seek set (KafkaConsumer.seek).
func seekCommand(d Directive, _ engine.Release) (engine.Command, *Error) {
	tp, err := tpArg(d)
	if err != nil {
		return nil, err
	}
	if err := checkKeys(d, "offset", "consumer"); err != nil {
		return nil, err
	}
	k := engine.Consume{TP: tp, From: -1, Seek: true}
	for _, a := range d.Args {
		if a.Vals == nil {
			continue
		}
		v, err := single(a)
		if err != nil {
			return nil, err
		}
		switch a.Key {
		case "offset":
			n, e := parseInt(v, 0, 1<<50)
			if e != nil {
				return nil, errAt(a.Pos, "offset: %v", e)
			}
			k.From = engine.Offset(n)
		case "consumer":
			id, e := clientKey(a, v, 'c')
			if e != nil {
				return nil, e
			}
			k.Consumer = id
		}
	}
	if k.From < 0 {
		return nil, errAt(d.Pos, "seek needs offset=N")
	}
	return k, nil
}

// groupCommand reads "commit TOPIC-P [consumer=c1]" or "close TOPIC-P
// [consumer=c1]" into a Consume with Commit or Close set.
func groupCommand(d Directive, _ engine.Release) (engine.Command, *Error) {
	tp, err := tpArg(d)
	if err != nil {
		return nil, err
	}
	if err := checkKeys(d, "consumer"); err != nil {
		return nil, err
	}
	k := engine.Consume{TP: tp, From: engine.OffsetEarliest, Commit: d.Cmd == "commit", Close: d.Cmd == "close"}
	for _, a := range d.Args {
		if a.Vals == nil {
			continue
		}
		v, err := single(a)
		if err != nil {
			return nil, err
		}
		id, e := clientKey(a, v, 'c')
		if e != nil {
			return nil, e
		}
		k.Consumer = id
	}
	return k, nil
}
