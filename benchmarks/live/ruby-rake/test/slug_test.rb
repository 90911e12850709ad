require "minitest/autorun"
require "slug"

class SlugTest < Minitest::Test
  def test_spaces
    assert_equal "hello-world", Slug.call("Hello World")
  end
end
