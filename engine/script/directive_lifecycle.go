package script

import "kplay/engine"

// The directives that stop, start or stall one broker (LayerFault): crash,
// restart, shutdown, hang and resume. slow-disk is in disk.go.

// crashCommand reads "crash BROKER [lose-unflushed=N]" (engine.Crash).
func crashCommand(d Directive, _ engine.Release) (engine.Command, *Error) {
	if err := checkKeys(d, "lose-unflushed"); err != nil {
		return nil, err
	}
	b, err := brokerArg(d)
	if err != nil {
		return nil, err
	}
	cmd := engine.Crash{Broker: b}
	if a, ok := d.Arg("lose-unflushed"); ok {
		v, err := single(a)
		if err != nil {
			return nil, err
		}
		n, e := parseInt(v, 0, maxCount)
		if e != nil {
			return nil, errAt(a.Pos, "lose-unflushed: %v", e)
		}
		cmd.LoseUnflushed = int(n)
	}
	return cmd, nil
}

// restartCommand reads "restart BROKER" (engine.Restart).
func restartCommand(d Directive, _ engine.Release) (engine.Command, *Error) {
	b, err := plainBroker(d)
	if err != nil {
		return nil, err
	}
	return engine.Restart{Broker: b}, nil
}

// shutdownCommand reads "shutdown BROKER" (engine.Shutdown).
func shutdownCommand(d Directive, _ engine.Release) (engine.Command, *Error) {
	b, err := plainBroker(d)
	if err != nil {
		return nil, err
	}
	return engine.Shutdown{Broker: b}, nil
}

// resumeCommand reads "resume BROKER" (engine.Resume).
func resumeCommand(d Directive, _ engine.Release) (engine.Command, *Error) {
	b, err := plainBroker(d)
	if err != nil {
		return nil, err
	}
	return engine.Resume{Broker: b}, nil
}

// plainBroker reads a directive whose only argument is a broker id.
func plainBroker(d Directive) (engine.BrokerID, *Error) {
	if err := checkKeys(d); err != nil {
		return 0, err
	}
	return brokerArg(d)
}

// hangCommand reads "hang BROKER [requests=replicas|clients|all]"
// (engine.Hang).
func hangCommand(d Directive, _ engine.Release) (engine.Command, *Error) {
	if err := checkKeys(d, "requests"); err != nil {
		return nil, err
	}
	b, err := brokerArg(d)
	if err != nil {
		return nil, err
	}
	scope := engine.HangAll
	if arg, ok := d.Arg("requests"); ok {
		v, err := single(arg)
		if err != nil {
			return nil, err
		}
		switch v {
		case "replicas":
			scope = engine.HangReplicas
		case "clients":
			scope = engine.HangClients
		case "all":
		default:
			return nil, errAt(arg.Pos, "requests takes replicas (followers' fetches), clients (produce, metadata, consumer fetches) or all, not %q", v)
		}
	}
	return engine.Hang{Broker: b, Requests: scope}, nil
}
