module Roman
  NUMERALS = { 1000 => "M", 900 => "CM", 500 => "D", 400 => "CD", 100 => "C", 90 => "XC",
               50 => "L", 40 => "XL", 10 => "X", 9 => "IX", 5 => "V", 4 => "IV", 1 => "I" }.freeze

  def self.of(number)
    NUMERALS.reduce(+"") do |out, (value, letters)|
      count, number = number.divmod(value)
      out << letters * count
    end
  end
end
