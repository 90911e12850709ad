require "json"

class Report
  def initialize(path)
    @data = JSON.parse(File.read(path))
  end

  def owners
    @data["projects"].map { |project| project["owner"]["name"].upcase }
  end
end
