module Temperature
  module_function

  def to_fahrenheit(celsius)
    celsius * 9 / 5 + 32
  end

  def parse(text)
    value, unit = text.split(" ")
    raise ArgumentError, "unknown unit: #{unit}" unless %w[C F].include?(unit)

    Float(value)
  end
end
