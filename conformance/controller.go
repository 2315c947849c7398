//go:build !js

package conformance

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"kplay/conformance/oracle"
	"kplay/engine"
)

// controllerView reads the controller's state from its metadata log. One
// read starts a JVM for Kafka's DumpLogSegments, about a second.
func (r *replayer) controllerView(ctx context.Context) (oracle.ControllerView, error) {
	cctx, cancel := context.WithTimeout(ctx, 25*time.Second)
	defer cancel()
	return r.k.ReadControllerView(cctx)
}

// controllerPartView is partition tp as the controller registered it.
func controllerPartView(cv oracle.ControllerView, tp engine.TopicPartition) (PartView, error) {
	reg, ok := cv.Partition(tp.Topic, int32(tp.Partition))
	if !ok {
		return PartView{}, fmt.Errorf("no partition %s in the controller's metadata log", tp)
	}
	return PartView{Topic: tp.Topic, Partition: int32(tp.Partition), Leader: reg.Leader, LeaderEpoch: reg.LeaderEpoch,
		PartitionEpoch: reg.PartitionEpoch, ISR: reg.ISR, ELR: reg.ELR, LastKnownELR: reg.LastKnownELR}, nil
}

// controllerRegs is the registration of brokers 1..n in the controller's
// state.
func controllerRegs(cv oracle.ControllerView, n int) []RegView {
	out := make([]RegView, n)
	for i := range out {
		b, ok := cv.Brokers[int32(i+1)]
		out[i] = RegView{Broker: i + 1, Registered: ok, Fenced: b.Fenced, InControlledShutdown: b.InControlledShutdown}
	}
	return out
}

// duplicateRegistration is what the QuorumController logs when it refuses
// a broker's registration because the old incarnation's session is still
// valid (ClusterControlManager.registerBroker throws
// DuplicateBrokerRegistrationException; the broker retries).
const duplicateRegistration = "registerBroker: event failed with DuplicateBrokerRegistrationException"

// newIncarnation is the start of what the QuorumController logs when it
// replays a RegisterBrokerRecord for a broker id it already knew, followed
// by "N:" (ClusterControlManager.replay).
const newIncarnation = "Replayed RegisterBrokerRecord establishing a new incarnation of broker "

// controllerLog counts the controller's refusals of a registration and its
// registrations of a new incarnation of broker id, so far.
func (r *replayer) controllerLog(id int32) (refused, registered int) {
	data, err := os.ReadFile(r.cl.ControllerLog())
	if err != nil {
		return 0, 0
	}
	text := string(data)
	return strings.Count(text, duplicateRegistration), strings.Count(text, newIncarnation+strconv.Itoa(int(id))+":")
}

// restart starts broker id's JVM again and waits until the new process
// has reached the controller: either its new incarnation is registered and
// unfenced (a RegisterBrokerRecord with another incarnation id in the
// metadata log, and the broker listed by DescribeCluster), or the
// controller refused its registration because the old incarnation's
// session is still valid. A kplay broker does either within milliseconds
// of its restart; a JVM takes seconds, so the replay clock pauses for the
// wait. After a refusal the rest of the wait, until the old session
// expires, is part of the scenario on both sides.
//
// The controller's log is polled first, as it costs nothing; the metadata
// log (a JVM each read) only confirms what the log says.
func (r *replayer) restart(ctx context.Context, id int32) error {
	t0 := time.Now()
	cv, err := r.controllerView(ctx)
	if err != nil {
		return err
	}
	old := cv.Brokers[id]
	refused0, registered0 := r.controllerLog(id)
	if err := r.cl.Restart(int(id)); err != nil {
		return err
	}
	deadline := time.Now().Add(90 * time.Second)
	var last error
	for {
		refused, registered := r.controllerLog(id)
		if refused > refused0 {
			r.logf("%s: the controller refused broker %d's new incarnation while the old session is valid", r.p.Name, id)
			break
		}
		if registered > registered0 && r.unfenced(ctx, id) {
			cv, last = r.controllerView(ctx)
			if b, ok := cv.Brokers[id]; last == nil && ok && b.Incarnation != old.Incarnation && !b.Fenced {
				r.logf("%s: broker %d registered as incarnation %s (broker epoch %d)", r.p.Name, id, b.Incarnation, b.Epoch)
				break
			}
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return fmt.Errorf("broker %d did not register a new incarnation within 90 s of its restart (last: %v)", id, last)
		}
		time.Sleep(100 * time.Millisecond)
	}
	r.pause(t0)
	return nil
}

// unfenced says whether DescribeCluster lists broker id.
func (r *replayer) unfenced(ctx context.Context, id int32) bool {
	lctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	live, err := r.k.LiveBrokers(lctx)
	return err == nil && slices.Contains(live, id)
}
