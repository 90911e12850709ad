require_relative "../lib/roman"

RSpec.describe Roman do
  it "writes 1994 as MCMXCIV" do
    expect(Roman.of(1994)).to eq("MCMXCIV")
  end

  it "raises no error for zero" do
    expect { Roman.of(0) }.not_to raise_error
  end
end
