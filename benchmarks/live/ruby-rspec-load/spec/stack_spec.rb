require_relative "../lib/stack"

RSpec.describe Stack do
  it "pops what was pushed" do
    expect(Stack.new.push(1).pop).to eq(1)
  end
end
