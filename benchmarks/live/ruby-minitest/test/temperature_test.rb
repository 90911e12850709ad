require "minitest/autorun"
require "temperature"

class TemperatureTest < Minitest::Test
  def test_freezing_point
    assert_equal 32, Temperature.to_fahrenheit(0)
  end

  def test_body_temperature
    assert_in_delta 98.6, Temperature.to_fahrenheit(37), 0.01
  end

  def test_parse
    assert_equal 21.5, Temperature.parse("21.5 K")
  end
end
