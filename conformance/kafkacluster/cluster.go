//go:build !js

// Package kafkacluster starts a real Apache Kafka cluster in KRaft mode on
// 127.0.0.1: one controller and N brokers, each its own JVM process with its
// own ports, log directory and broker.rack. It is the oracle of kplay's
// conformance suite, and its faults are real: SIGKILL for a crash, SIGTERM
// for a controlled shutdown, SIGSTOP and SIGCONT for a stalled broker, and a
// restart on the same log directory.
//
// The jars come from Maven Central (conformance/pom.xml); nothing else is
// downloaded.
package kafkacluster

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// ControllerID is the controller's node.id. Brokers are 1..N, as in kplay.
const ControllerID = 100

// Spec says what cluster to start.
type Spec struct {
	// Libs is the folder holding Kafka 4.4.0's jars and their dependencies.
	Libs string
	// Dir is an empty work folder: log directories, configs and node logs.
	Dir string
	// Brokers is the number of brokers, 1..9; their ids are 1..Brokers.
	Brokers int
	// Racks gives broker i the rack Racks[i-1] (broker.rack); empty means
	// no rack.
	Racks []string
	// Config is written into every node's server.properties, in order
	// (replica.lag.time.max.ms, broker.session.timeout.ms, ...). Kafka
	// ignores, with a warning, keys a role does not use.
	Config []KV
	// Features are passed to kafka-storage format as --feature NAME=LEVEL,
	// such as eligible.leader.replicas.version=0.
	Features []KV
	// Java is the java binary; empty means "java" from PATH.
	Java string
}

// KV is one config entry, in Kafka's spelling.
type KV struct{ Key, Value string }

// Node is one JVM of the cluster.
type Node struct {
	ID    int
	Port  int    // the PLAINTEXT (broker) or CONTROLLER listener's port
	Props string // the server.properties path
	Log   string // the node's log4j file
	cmd   *exec.Cmd
	done  chan struct{}
	// exit is the process's wait error, valid once done is closed.
	exit    error
	stopped bool // SIGSTOPped and not yet continued
}

// Cluster is a running cluster. Its methods are not safe for concurrent use.
type Cluster struct {
	spec       Spec
	controller *Node
	brokers    []*Node // index i is broker i+1
	clusterID  string
}

// Start formats every node's log directory and starts the controller and
// the brokers. It returns once every process is running; call WaitReady
// (with a client) to know the brokers are registered and unfenced. On error
// every process it started is killed.
func Start(ctx context.Context, spec Spec) (*Cluster, error) {
	if spec.Brokers < 1 || spec.Brokers > 9 {
		return nil, fmt.Errorf("kafkacluster: %d brokers; want 1..9", spec.Brokers)
	}
	if spec.Java == "" {
		spec.Java = "java"
	}
	jars, err := filepath.Glob(filepath.Join(spec.Libs, "*.jar"))
	if err != nil || len(jars) == 0 {
		return nil, fmt.Errorf("kafkacluster: no jars in %s (run ./build.sh conformance, which fetches them with Maven)", spec.Libs)
	}
	ports, err := freePorts(spec.Brokers + 1)
	if err != nil {
		return nil, err
	}
	c := &Cluster{spec: spec, clusterID: "a3BsYXljb25mb3JtYW5jZQ"}
	c.controller = &Node{ID: ControllerID, Port: ports[0]}
	for i := 1; i <= spec.Brokers; i++ {
		c.brokers = append(c.brokers, &Node{ID: i, Port: ports[i]})
	}
	if err := c.writeConfigs(); err != nil {
		return nil, err
	}
	if err := c.format(ctx); err != nil {
		return nil, err
	}
	for _, n := range c.nodes() {
		if err := c.launch(n); err != nil {
			c.Close()
			return nil, err
		}
	}
	return c, nil
}

func (c *Cluster) nodes() []*Node { return append([]*Node{c.controller}, c.brokers...) }

// Bootstrap is the brokers' addresses, "127.0.0.1:port", broker 1 first.
func (c *Cluster) Bootstrap() []string {
	var out []string
	for _, b := range c.brokers {
		out = append(out, c.Addr(b.ID))
	}
	return out
}

// Addr is broker id's address.
func (c *Cluster) Addr(id int) string {
	return net.JoinHostPort("127.0.0.1", strconv.Itoa(c.broker(id).Port))
}

// Brokers is the number of brokers.
func (c *Cluster) Brokers() int { return len(c.brokers) }

func (c *Cluster) broker(id int) *Node {
	if id < 1 || id > len(c.brokers) {
		panic(fmt.Sprintf("kafkacluster: no broker %d", id))
	}
	return c.brokers[id-1]
}

// Running says whether broker id's process is alive (stopped counts).
func (c *Cluster) Running(id int) bool {
	n := c.broker(id)
	if n.cmd == nil {
		return false
	}
	select {
	case <-n.done:
		return false
	default:
		return true
	}
}

func (c *Cluster) writeConfigs() error {
	voters := fmt.Sprintf("%d@127.0.0.1:%d", ControllerID, c.controller.Port)
	log4j := filepath.Join(c.spec.Dir, "log4j2.properties")
	if err := os.WriteFile(log4j, []byte(log4jConfig), 0o644); err != nil {
		return fmt.Errorf("kafkacluster: %w", err)
	}
	for _, n := range c.nodes() {
		name := "controller"
		if n.ID != ControllerID {
			name = "broker-" + strconv.Itoa(n.ID)
		}
		n.Props = filepath.Join(c.spec.Dir, name+".properties")
		n.Log = filepath.Join(c.spec.Dir, name+".log")
		var b strings.Builder
		line := func(k, v string) { fmt.Fprintf(&b, "%s=%s\n", k, v) }
		line("node.id", strconv.Itoa(n.ID))
		line("controller.quorum.voters", voters)
		line("controller.listener.names", "CONTROLLER")
		line("listener.security.protocol.map", "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT")
		line("log.dirs", filepath.Join(c.spec.Dir, name+"-data"))
		if n.ID == ControllerID {
			line("process.roles", "controller")
			line("listeners", fmt.Sprintf("CONTROLLER://127.0.0.1:%d", n.Port))
		} else {
			line("process.roles", "broker")
			line("listeners", fmt.Sprintf("PLAINTEXT://127.0.0.1:%d", n.Port))
			line("inter.broker.listener.name", "PLAINTEXT")
			if n.ID-1 < len(c.spec.Racks) && c.spec.Racks[n.ID-1] != "" {
				line("broker.rack", c.spec.Racks[n.ID-1])
			}
		}
		// Internal topics small enough for a loopback cluster; no group
		// rebalance delay. The suite uses no consumer groups.
		line("offsets.topic.replication.factor", "1")
		line("transaction.state.log.replication.factor", "1")
		line("transaction.state.log.min.isr", "1")
		line("group.initial.rebalance.delay.ms", "0")
		line("num.network.threads", "2")
		line("num.io.threads", "2")
		line("num.replica.fetchers", "1")
		for _, kv := range c.spec.Config {
			line(kv.Key, kv.Value)
		}
		if err := os.WriteFile(n.Props, []byte(b.String()), 0o644); err != nil {
			return fmt.Errorf("kafkacluster: %w", err)
		}
	}
	return nil
}

// log4jConfig sends WARN and above, and the controller's and state
// changes' INFO lines, to the node's own file (the kplay.log property).
const log4jConfig = `status = warn
appender.f.type = File
appender.f.name = F
appender.f.fileName = ${sys:kplay.log}
appender.f.layout.type = PatternLayout
appender.f.layout.pattern = [%d{HH:mm:ss.SSS}] %p %m (%c)%n
rootLogger.level = WARN
rootLogger.appenderRef.f.ref = F
logger.state.name = state.change.logger
logger.state.level = INFO
logger.ctl.name = org.apache.kafka.controller
logger.ctl.level = INFO
logger.isr.name = kafka.cluster.Partition
logger.isr.level = INFO
logger.fetch.name = kafka.server.ReplicaFetcherThread
logger.fetch.level = INFO
`

func (c *Cluster) javaArgs(n *Node, main string, args ...string) []string {
	a := []string{
		"-Xms64m", "-Xmx384m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
		"-Djava.awt.headless=true",
		"-Dlog4j2.configurationFile=" + filepath.Join(c.spec.Dir, "log4j2.properties"),
		"-Dkplay.log=" + n.Log,
		"-cp", filepath.Join(c.spec.Libs, "*"),
		main,
	}
	return append(a, args...)
}

// format runs kafka-storage format on every node's log directory, all at
// once (each is its own short-lived JVM).
func (c *Cluster) format(ctx context.Context) error {
	errs := make(chan error, len(c.nodes()))
	for _, n := range c.nodes() {
		args := []string{"format", "-t", c.clusterID, "-c", n.Props}
		for _, f := range c.spec.Features {
			args = append(args, "--feature", f.Key+"="+f.Value)
		}
		cmd := exec.CommandContext(ctx, c.spec.Java, c.javaArgs(n, "kafka.tools.StorageTool", args...)...)
		cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
		go func() {
			out, err := cmd.CombinedOutput()
			if err != nil {
				err = fmt.Errorf("kafkacluster: format node %d: %v\n%s", n.ID, err, out)
			}
			errs <- err
		}()
	}
	var all []error
	for range c.nodes() {
		all = append(all, <-errs)
	}
	return errors.Join(all...)
}

// launch starts node n's JVM. Pdeathsig kills it if the test process dies
// first, so no JVM outlives a failed or interrupted run.
func (c *Cluster) launch(n *Node) error {
	cmd := exec.Command(c.spec.Java, c.javaArgs(n, "kafka.Kafka", n.Props)...)
	out, err := os.OpenFile(n.Log+".out", os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return fmt.Errorf("kafkacluster: %w", err)
	}
	cmd.Stdout, cmd.Stderr = out, out
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		out.Close()
		return fmt.Errorf("kafkacluster: start node %d: %w", n.ID, err)
	}
	n.cmd, n.done, n.stopped = cmd, make(chan struct{}), false
	go func() {
		n.exit = cmd.Wait()
		out.Close()
		close(n.done)
	}()
	return nil
}

// Crash kills broker id with SIGKILL: no controlled shutdown, no flush, and
// no clean-shutdown marker. It returns once the process is gone.
func (c *Cluster) Crash(id int) error { return c.signalWait(id, syscall.SIGKILL, 10*time.Second) }

// Shutdown sends broker id SIGTERM, which makes Kafka run a controlled
// shutdown (leadership moves away first), and waits up to 60 s for it.
func (c *Cluster) Shutdown(id int) error { return c.signalWait(id, syscall.SIGTERM, 60*time.Second) }

func (c *Cluster) signalWait(id int, sig syscall.Signal, limit time.Duration) error {
	n := c.broker(id)
	if !c.Running(id) {
		return fmt.Errorf("kafkacluster: broker %d is not running", id)
	}
	if n.stopped && sig != syscall.SIGKILL {
		_ = n.cmd.Process.Signal(syscall.SIGCONT)
		n.stopped = false
	}
	if err := n.cmd.Process.Signal(sig); err != nil {
		return fmt.Errorf("kafkacluster: signal broker %d: %w", id, err)
	}
	select {
	case <-n.done:
		n.stopped = false
		return nil
	case <-time.After(limit):
		_ = n.cmd.Process.Kill()
		<-n.done
		return fmt.Errorf("kafkacluster: broker %d did not exit within %v of %v; killed", id, limit, sig)
	}
}

// Stall stops broker id with SIGSTOP: it neither fetches, answers nor
// heartbeats until Resume, but keeps its state and its connections.
func (c *Cluster) Stall(id int) error {
	n := c.broker(id)
	if !c.Running(id) {
		return fmt.Errorf("kafkacluster: broker %d is not running", id)
	}
	if err := n.cmd.Process.Signal(syscall.SIGSTOP); err != nil {
		return fmt.Errorf("kafkacluster: SIGSTOP broker %d: %w", id, err)
	}
	n.stopped = true
	return nil
}

// Resume continues every stalled broker (SIGCONT) and returns their ids.
func (c *Cluster) Resume() []int {
	var ids []int
	for _, n := range c.brokers {
		if n.stopped && c.Running(n.ID) {
			_ = n.cmd.Process.Signal(syscall.SIGCONT)
			ids = append(ids, n.ID)
		}
		n.stopped = false
	}
	return ids
}

// Stalled says whether broker id is SIGSTOPped.
func (c *Cluster) Stalled(id int) bool { return c.broker(id).stopped }

// Restart starts broker id again on the same log directory and port.
func (c *Cluster) Restart(id int) error {
	if c.Running(id) {
		return fmt.Errorf("kafkacluster: broker %d is still running", id)
	}
	return c.launch(c.broker(id))
}

// Close kills every process (stalled ones too) and waits for them. It is
// safe to call more than once.
func (c *Cluster) Close() {
	for _, n := range c.nodes() {
		if n.cmd == nil {
			continue
		}
		select {
		case <-n.done:
			continue
		default:
		}
		_ = n.cmd.Process.Kill()
		<-n.done
	}
}

// MetadataLogDir is the folder of the controller's KRaft metadata log,
// __cluster_metadata-0 in its log.dirs: every record the controller has
// committed (TopicRecord, PartitionRecord, PartitionChangeRecord,
// RegisterBrokerRecord, ...), in order, as segment files (*.log).
func (c *Cluster) MetadataLogDir() string {
	return filepath.Join(c.spec.Dir, "controller-data", "__cluster_metadata-0")
}

// SnapshotMetadataLog copies the controller's metadata log segments
// (*.log in MetadataLogDir) into a new folder under the cluster's work
// folder and returns it: the controller's state at this instant, to be
// read later. A batch the controller is still writing may be cut short at
// the end of the copy; Kafka's decoder leaves it out.
func (c *Cluster) SnapshotMetadataLog() (string, error) {
	segs, err := filepath.Glob(filepath.Join(c.MetadataLogDir(), "*.log"))
	if err != nil || len(segs) == 0 {
		return "", fmt.Errorf("kafkacluster: no metadata log segments in %s", c.MetadataLogDir())
	}
	dst, err := os.MkdirTemp(c.spec.Dir, "metadata-snapshot-")
	if err != nil {
		return "", fmt.Errorf("kafkacluster: %w", err)
	}
	for _, seg := range segs {
		data, err := os.ReadFile(seg)
		if err != nil {
			return "", fmt.Errorf("kafkacluster: %w", err)
		}
		if err := os.WriteFile(filepath.Join(dst, filepath.Base(seg)), data, 0o644); err != nil {
			return "", fmt.Errorf("kafkacluster: %w", err)
		}
	}
	return dst, nil
}

// ControllerLog is the path of the controller's log4j file, where the
// QuorumController logs each event it fails at INFO
// ("registerBroker: event failed with DuplicateBrokerRegistrationException").
func (c *Cluster) ControllerLog() string { return c.controller.Log }

// Tool runs one of Kafka's command-line tools, the class main (such as
// org.apache.kafka.tools.DumpLogSegments), in its own JVM with the
// cluster's jars, and returns its standard output. A tool that exits
// non-zero is an error carrying its standard error.
func (c *Cluster) Tool(ctx context.Context, main string, args ...string) ([]byte, error) {
	n := &Node{ID: -1, Log: filepath.Join(c.spec.Dir, "tools.log")}
	cmd := exec.CommandContext(ctx, c.spec.Java, c.javaArgs(n, main, args...)...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return out, fmt.Errorf("kafkacluster: %s: %w\n%s", main, err, stderr.String())
	}
	return out, nil
}

// LogTail returns the last lines of every node's log, for a failed test.
func (c *Cluster) LogTail(lines int) string {
	var b strings.Builder
	for _, n := range c.nodes() {
		for _, f := range []string{n.Log, n.Log + ".out"} {
			data, err := os.ReadFile(f)
			if err != nil || len(data) == 0 {
				continue
			}
			ls := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
			ls = ls[max(0, len(ls)-lines):]
			fmt.Fprintf(&b, "--- %s (last %d lines)\n%s\n", filepath.Base(f), len(ls), strings.Join(ls, "\n"))
		}
	}
	return b.String()
}

// freePorts asks the kernel for n distinct free loopback ports.
func freePorts(n int) ([]int, error) {
	var ls []net.Listener
	defer func() {
		for _, l := range ls {
			l.Close()
		}
	}()
	var ports []int
	for len(ports) < n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, fmt.Errorf("kafkacluster: free port: %w", err)
		}
		ls = append(ls, l)
		p := l.Addr().(*net.TCPAddr).Port
		if !slices.Contains(ports, p) {
			ports = append(ports, p)
		}
	}
	return ports, nil
}
