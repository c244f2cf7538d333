package cli

import (
	"context"
	"errors"
)

// ErrInterrupted is the line that ends every run an interrupt stopped
// (SIGINT or SIGTERM: the command's context cancelled), whichever command
// and whichever phase: what a stopped run wrote is removed or left for the
// same command to take up, and what earlier runs wrote is as it was.
var ErrInterrupted = errors.New("interrupted; earlier results left in place")

// InterruptedError is the error of a run that an interrupt stopped: its
// text is ErrInterrupted's line, then, where the run kept some of its work
// for the same command to take up, what that command does with it (Then).
// It wraps ErrInterrupted and the error the run stopped with (Cause).
type InterruptedError struct {
	Then  string // "run the same command again to resume ...", or ""
	Cause error
}

func (e *InterruptedError) Error() string {
	if e.Then == "" {
		return ErrInterrupted.Error()
	}
	return ErrInterrupted.Error() + "; " + e.Then
}

func (e *InterruptedError) Unwrap() []error {
	if e.Cause == nil {
		return []error{ErrInterrupted}
	}
	return []error{ErrInterrupted, e.Cause}
}

// Interrupted is the error a command ends with after its work returned
// err: where ctx is done (an interrupt came) and err is not nil, an
// *InterruptedError with then; otherwise err as it is. A usage error
// stays one (it came before the work), and an *InterruptedError is
// returned unchanged, so that a command run by another (compute all) is
// worded once.
func Interrupted(ctx context.Context, err error, then string) error {
	if err == nil || ctx.Err() == nil {
		return err
	}
	var ue UsageError
	var ie *InterruptedError
	if errors.As(err, &ue) || errors.As(err, &ie) {
		return err
	}
	return &InterruptedError{Then: then, Cause: err}
}
