require "minitest/autorun"
require "roman"

class RomanTest < Minitest::Test
  def test_forty_two
    assert_equal "XLII", Roman.of(42)
  end

  def test_error_free_on_one
    assert_equal "I", Roman.of(1)
  end
end
