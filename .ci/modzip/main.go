// Command modzip writes a file:// module proxy holding this checkout as
// one version of the module, so that CI can install thinchess the way
// users do (go install …@version) without the network: modzip DIR VERSION.
// The zip holds the files git tracks, less the nested bench module.
package main

import (
	"archive/zip"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

const module = "github.com/thinchess/thinchess"

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: modzip PROXY-DIR VERSION")
		os.Exit(2)
	}
	if err := write(os.Args[1], os.Args[2]); err != nil {
		fmt.Fprintln(os.Stderr, "modzip:", err)
		os.Exit(1)
	}
}

func write(proxy, version string) error {
	dir := filepath.Join(proxy, filepath.FromSlash(module), "@v")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	out, err := exec.Command("git", "ls-files").Output()
	if err != nil {
		return err
	}
	f, err := os.Create(filepath.Join(dir, version+".zip"))
	if err != nil {
		return err
	}
	zw := zip.NewWriter(f)
	for _, name := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if strings.HasPrefix(name, "bench/") || strings.HasPrefix(name, ".ci/modzip/") {
			continue // a module of its own; this tool
		}
		data, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		w, err := zw.Create(module + "@" + version + "/" + name)
		if err != nil {
			return err
		}
		if _, err := w.Write(data); err != nil {
			return err
		}
	}
	if err := zw.Close(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	gomod, err := os.ReadFile("go.mod")
	if err != nil {
		return err
	}
	files := map[string]string{
		version + ".mod":  string(gomod),
		version + ".info": fmt.Sprintf(`{"Version":%q,"Time":"2026-01-01T00:00:00Z"}`, version),
		"list":            version + "\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			return err
		}
	}
	return nil
}
