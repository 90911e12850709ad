package.path = "src/?.lua;" .. package.path
local config = require("config")

describe("config", function()
  it("parses key = value lines", function()
    local cfg = config.parse("name = demo\nmode = fast\n")
    assert.are.same({ name = "demo", mode = "fast" }, cfg)
  end)

  it("skips comments", function()
    local cfg = config.parse("# a comment\nname = demo\n")
    assert.are.equal("demo", cfg.name)
  end)

  it("reads the port", function()
    assert.are.equal(8080, config.port({ port = "8080" }))
  end)
end)
