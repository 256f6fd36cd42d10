# A Terraform configuration
terraform {
  required_version = ">= 1.5"
}

variable "region" {
  type    = string
  default = "eu-west-1"
}

resource "aws_instance" "web" {
  ami           = "ami-123456"
  instance_type = "t3.micro"
  count         = 2
  tags = {
    Name = "web-${count.index}"
  }
  monitoring = true
}

output "ids" {
  value = [for i in aws_instance.web : i.id]
}
