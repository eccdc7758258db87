local f = io.open("/etc/passwd")
return { result = "win", summary = f:read("a") }
