require "active_support/inflector"

module Slug
  def self.call(title)
    ActiveSupport::Inflector.parameterize(title)
  end
end
